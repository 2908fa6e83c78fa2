/**
 * The push services browsers subscribe with (FCM, Mozilla autopush, Apple, Windows WNS). The server
 * POSTs to a stored endpoint, so only these hosts are reached (SSRF): https, default port, no
 * credentials; a trailing dot or any other host is refused.
 */
const EXACT_HOSTS = ['fcm.googleapis.com', 'android.googleapis.com', 'updates.push.services.mozilla.com'];
const HOST_SUFFIXES = ['.push.services.mozilla.com', '.push.apple.com', '.notify.windows.com'];

export const PUSH_SERVICE_NAMES = 'Google (FCM), Mozilla, Apple or Windows';

export function isPushServiceHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return EXACT_HOSTS.includes(host) || HOST_SUFFIXES.some((suffix) => host.endsWith(suffix));
}

export function isPushServiceUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.port === '' && !url.username && !url.password && isPushServiceHost(url.hostname);
  } catch {
    return false;
  }
}
