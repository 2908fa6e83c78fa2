/** The keys the browser keeps in localStorage (spec 3 "Locally stored keys"), one name each. */
export const STORAGE_KEYS = {
  token: 'token',
  user: 'user',
  preferences: 'preferences',
  cart: 'cart',
  appliedCoupon: 'applied_coupon',
  userOrders: 'user_orders',
  userEnrollments: 'user_enrollments',
  enrollmentCoupon: 'enrollment_coupon',
  enrollmentForm: 'enrollment_form',
  selectedPaymentMethod: 'selected_payment_method',
  products: 'products',
  membershipForm: 'membership_form',
  /** Spec 9: my membership enrolments fall back to the stored ones. */
  membershipEnrollments: 'membership_enrollments',
  currentEnrollment: 'current_enrollment',
  instructorData: 'instructor_data',
  meetings: 'meetings',
  /** Spec 2: 'true' once the location prompt was shown in this browser (web/panel/location). */
  locationPromptSeen: 'location_prompt_seen',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** Storage can be missing or throw (private mode, disabled cookies): reads then give null, writes do nothing. */
export function readStored(key: StorageKey): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function readStoredJson<T>(key: StorageKey): T | null {
  const raw = readStored(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeStored(key: StorageKey, value: string): void {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch {
    /* storage full or unavailable: the session simply lasts for this page only */
  }
}

export function removeStored(...keys: StorageKey[]): void {
  for (const key of keys) {
    try {
      globalThis.localStorage?.removeItem(key);
    } catch {
      /* unavailable storage holds nothing to remove */
    }
  }
}
