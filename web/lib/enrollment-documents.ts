import { ApiError, failureMessage, type ApiBody } from '#web/lib/api.ts';
import { readStored, STORAGE_KEYS } from '#web/lib/storage-keys.ts';

/**
 * An enrolment's document, fetched with the session's token: the API serves documents only to the
 * owner and the school and reads who asks from the Authorization header, so a plain link is refused.
 */
export async function fetchDocument(path: string, fallback: string): Promise<Response> {
  const token = readStored(STORAGE_KEYS.token);
  let res: Response;
  try {
    res = await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new ApiError(fallback);
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as Partial<ApiBody> | null;
    throw new ApiError(failureMessage(res, body, fallback), res.status);
  }
  return res;
}
