import { api } from '#web/lib/api.ts';
import type { PanelKey } from '#web/pages/panel/panels.ts';

/** The shapes of GET /api/dashboard/<panel> (worker/features/dashboard/). Money in decimals, dates ISO. */
export type Session = {
  _id: string;
  title: string;
  startsAt: string;
  endsAt: string;
  instructorName: string;
  location: string;
  level: string;
};
export type GradeCount = { grade: string; count: number };
export type Waiting = { courseEnrollments: number; membershipEnrollments: number; instructorApplications: number };

export type StudentHomeData = {
  grade: string | null;
  nextClasses: Session[];
  courses: { _id: string; title: string; status: string; paymentStatus: string; termEndsAt: string | null; daysLeft: number | null }[];
  membership: {
    _id: string;
    name: string;
    planName: string;
    status: string;
    paymentStatus: string;
    endsAt: string | null;
    daysLeft: number | null;
    /** Renews itself with the saved card: the home points to Billing, not to a renewal by hand. */
    autopay: boolean;
  } | null;
  syllabus: { grade: string | null; count: number };
  orders: { _id: string; orderNumber: string; status: string; total: number; items: number; createdAt: string }[];
};

export type InstructorHomeData = {
  name: string;
  classesToday: (Session & { mine: boolean })[];
  myClassesToday: number;
  /** The dated sessions they teach today (their Today screen). */
  mySessionsToday: number;
  students: number;
  studentsByGrade: GradeCount[];
};

export type GrandMasterHomeData = {
  overview: { students: number; members: number; instructors: number; activeMemberships: number };
  studentsByGrade: GradeCount[];
  waiting: Waiting;
};

export type Activity = { kind: string; _id: string; title: string; who: string; status: string; amount: number | null; at: string };
export type AdminHomeData = {
  queues: Waiting & {
    newEnquiries: number;
    ordersToShip: number;
    expiringMemberships: number;
    unpaid: { orders: number; courseEnrollments: number; membershipEnrollments: number; renewals: number; total: number };
  };
  expiring: { _id: string; name: string; who: string; endsAt: string | null }[];
  revenue: {
    month: string;
    currency: string;
    paid: number;
    refunded: number;
    net: number;
    weeks: { from: string; to: string; net: number }[];
  };
  activity: Activity[];
};

export type ControlHomeData = {
  users: { total: number; blocked: number; byRole: Record<string, number> };
  outbox: {
    stored: number;
    sent: number;
    failed: number;
    lastFailure: { _id: string; to: string; subject: string; error: string; at: string } | null;
  };
};

/** One panel's home figures; a failed read throws the server's words. */
export async function readHome<T>(panel: PanelKey, signal: AbortSignal): Promise<T> {
  const body = await api<T>(`/dashboard/${panel}`, { signal, fallback: 'Failed to load your home' });
  return body.data as T;
}

/** Messages waiting to be read by the caller (their replies and broadcasts; for the school, the inbox). */
export const readUnread = (signal: AbortSignal) =>
  api<{ unreadCount: number }>('/messages/unread-count', { signal, fallback: 'Failed to count messages' }).then(
    (b) => b.data?.unreadCount ?? 0,
  );
