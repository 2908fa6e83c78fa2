import type { AttendanceKind, AttendanceMethod } from '#core/attendance/kinds.ts';
import { isAdminCapable } from '#core/roles.ts';
import type { AuthUser } from '#worker/lib/auth-user.ts';

/** Who sends a batch: a person (instructor or admin-capable) or a registered kiosk device. */
export type Sender = { kind: 'person'; user: AuthUser } | { kind: 'kiosk'; deviceId: string };

export const SENDER_MESSAGES = {
  kioskOnly: 'A kiosk may only check members in',
  noKioskMethods: 'Only a kiosk may send kiosk check-ins',
  instructorRosterOnly: 'Instructors record attendance from the roster (method roster)',
  notYourSession: 'You can only take attendance for sessions you teach',
  unknownMember: 'Unknown member',
} as const;

const KIOSK_METHODS: readonly AttendanceMethod[] = ['kiosk_qr', 'kiosk_pin'];
/** A kiosk is the member checking in: never absent, excused or a void (those are staff's). */
const KIOSK_KINDS: readonly AttendanceKind[] = ['present', 'late'];

/** The methods each sender may use (API-24): a kiosk only its own, instructors the roster, admin-capable any but a kiosk's. */
export function mayUseMethod(sender: Sender, { method, kind }: { method: AttendanceMethod; kind: AttendanceKind }): boolean {
  if (sender.kind === 'kiosk') return KIOSK_METHODS.includes(method) && KIOSK_KINDS.includes(kind);
  if (KIOSK_METHODS.includes(method)) return false;
  return isAdminCapable(sender.user.role) || method === 'roster';
}

/** The refusal for a method this sender may not use, in the words the caller can act on. */
export function methodRefusal(sender: Sender, method: AttendanceMethod): string {
  if (sender.kind === 'kiosk') return SENDER_MESSAGES.kioskOnly;
  return KIOSK_METHODS.includes(method) ? SENDER_MESSAGES.noKioskMethods : SENDER_MESSAGES.instructorRosterOnly;
}

/** An instructor writes only for the sessions they teach; admin-capable people and kiosks for any. */
export const mustTeach = (sender: Sender): string | null =>
  sender.kind === 'person' && !isAdminCapable(sender.user.role) ? sender.user.id : null;
