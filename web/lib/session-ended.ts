import { api } from './api.ts';
import { clearSession } from './session.ts';

/** How long the page shows why before it goes to the login page. */
export const SESSION_ENDED_REDIRECT_MS = 3_000;
export const SESSION_STATUS_PATH = '/users/session-status';

type Status = { active: boolean; reason?: string | null; message?: string };

let shown = false;

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

/** Asks the server why the stored token stopped working (a socket refused it): shows it when the session has ended. */
export async function explainEndedSession() {
  try {
    const body = await api<Status>(SESSION_STATUS_PATH, { fallback: '' });
    const status = body.data;
    if (status && !status.active && status.reason && status.message) showSessionEnded(status.message);
  } catch {
    // Offline or the server is down: nothing to say yet; the next check will.
  }
}
