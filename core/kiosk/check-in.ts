import { z } from 'zod';

/** What the check-in API and its screens say (issue 24 §4, API-24.md). */
export const CHECK_IN_MESSAGES = {
  pinFormat: 'PIN must be 4 to 6 digits',
  pinTaken: 'That PIN is taken — choose another',
  pinSet: 'PIN saved',
  pinRemoved: 'PIN removed',
  pinTooOften: 'Too many PIN changes, please try again later',
  rotated: 'Your check-in code has changed; the old one no longer works',
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be at most 80 characters',
  locationTooLong: 'Location must be at most 120 characters',
  registered: 'Kiosk registered',
  revoked: 'Kiosk revoked',
  deviceNotFound: 'Kiosk not found',
  alreadyRevoked: 'This kiosk is already revoked',
} as const;

export const PIN_PATTERN = /^\d{4,6}$/;

export const PinSchema = z.object({
  pin: z.string({ error: CHECK_IN_MESSAGES.pinFormat }).regex(PIN_PATTERN, CHECK_IN_MESSAGES.pinFormat),
});

export const RegisterKioskSchema = z.object({
  name: z
    .string({ error: CHECK_IN_MESSAGES.nameRequired })
    .trim()
    .min(1, CHECK_IN_MESSAGES.nameRequired)
    .max(80, CHECK_IN_MESSAGES.nameTooLong),
  location: z
    .string()
    .trim()
    .max(120, CHECK_IN_MESSAGES.locationTooLong)
    .nullish()
    .transform((v) => v || null),
});
export type RegisterKioskInput = z.infer<typeof RegisterKioskSchema>;

/** How a kiosk greets someone: first name and last initial ("Aiko T."), never the full name on a shared screen. */
export function kioskName(firstName: string | null | undefined, lastName: string | null | undefined, fallback: string): string {
  const first = firstName?.trim() || fallback;
  const initial = lastName?.trim().charAt(0).toUpperCase();
  return initial ? `${first} ${initial}.` : first;
}

/** Where a kiosk opens: the token rides in the fragment, which browsers never send to a server or its logs. */
export const kioskUrl = (origin: string, token: string) => `${origin}/kiosk#token=${token}`;
