import { api } from './api.ts';
import { clearSession } from './session.ts';

/** How long the page shows why before it goes to the login page. */
export const SESSION_ENDED_REDIRECT_MS = 3_000;
export const SESSION_STATUS_PATH = '/users/session-status';

type Status = { active: boolean; reason?: string | null; message?: string };

let shown = false;
let renewing: Promise<unknown> = Promise.resolve();

/**
 * Runs a change of this page's own credentials (a password change answers with the new token): a
 * `session_ended` frame that races its answer waits for it, so the new token is what gets checked.
 */
export function renewingSession<T>(change: Promise<T>): Promise<T> {
  renewing = change.catch(() => undefined);
  return change;
}

/**
 * The session was ended (by the school, or elsewhere): the page forgets it, says why in an alert that
 * screen readers announce, and goes to the login page. The header script does the same on public pages.
 */
export function showSessionEnded(message: string) {
  if (shown) return;
  shown = true;
  clearSession();
  const notice = document.createElement('p');
  notice.setAttribute('role', 'alert');
  notice.className = 'form-alert session-ended';
  notice.dataset.sessionEnded = '';
  notice.textContent = message;
  document.body.insertBefore(notice, document.body.firstChild);
  setTimeout(() => window.location.assign('/auth/login'), SESSION_ENDED_REDIRECT_MS);
}

async function statusNow(): Promise<Status | null> {
  try {
    return (await api<Status>(SESSION_STATUS_PATH, { fallback: '' })).data ?? null;
  } catch {
    return null;
  }
}

/**
 * The room ended a socket's session and said why: unless the session now holds a newer token that
 * still speaks for the account (the user changed their own password here), the page says it and leaves.
 */
export async function sessionEndedFrame(message: string) {
  await renewing;
  const status = await statusNow();
  if (!status?.active) showSessionEnded(message);
}

/** Asks the server why the stored token stopped working (a socket refused it): shows it when the session has ended. */
export async function explainEndedSession() {
  await renewing;
  const status = await statusNow();
  if (status && !status.active && status.reason && status.message) showSessionEnded(status.message);
}
