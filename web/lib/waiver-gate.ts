import { ApiError } from './api.ts';
import { storedUser } from './session.ts';

/** The student panel's screen where a waiver is read and signed. */
export const WAIVER_PATH = '/student/waiver';

/** `/student/waiver?document=…&for=…&return=…`: sign for `forUserId` (a child, or oneself), then back to `returnTo`. */
export function waiverHref(documentId: string, forUserId: string | null | undefined, returnTo: string): string {
  const q = new URLSearchParams({ document: documentId });
  if (forUserId) q.set('for', forUserId);
  if (returnTo) q.set('return', returnTo);
  return `${WAIVER_PATH}?${q}`;
}

/** The waiver a refused call asks to be signed first (409 'A signed waiver is required', details.documentId), else null. */
export function waiverToSign(err: unknown): string | null {
  if (!(err instanceof ApiError) || err.status !== 409) return null;
  const id = err.details.documentId;
  return typeof id === 'string' && id ? id : null;
}

/**
 * Booking, enrolling and buying a membership go through here: refused for a missing waiver, the page
 * goes to sign it for the person acted for and comes back; the call still rejects, so its button stops waiting.
 */
export async function signWaiverFirst<T>(call: Promise<T>, forUserId?: string | null): Promise<T> {
  try {
    return await call;
  } catch (err) {
    const documentId = waiverToSign(err);
    if (!documentId || typeof window === 'undefined') throw err;
    const here = window.location.pathname + window.location.search;
    window.location.assign(waiverHref(documentId, forUserId || storedUser()?._id, here));
    throw new ApiError(`${(err as Error).message}: opening it to sign…`, 409);
  }
}
