import { DOCUMENT_TYPES, ENROLLMENT_LIMITS } from '#core/enrollments/enrollment-options.ts';
import { apiUrl, ApiError, parseAnswer, REQUEST_FAILED, type ApiBody } from './api.ts';
import { readStored, STORAGE_KEYS } from './storage-keys.ts';

const EXTENSIONS = /\.(pdf|jpe?g|png|webp)$/i;
const MB = 1024 * 1024;

/**
 * The documents' problem in words before anything is sent (the server checks again, by magic bytes):
 * pdf, jpg, png or webp, at most 5, each at most 10 MB. Null when they may go.
 */
export function documentsProblem(files: readonly Pick<File, 'name' | 'type' | 'size'>[]): string | null {
  if (files.length > ENROLLMENT_LIMITS.maxDocuments) return `Please choose at most ${ENROLLMENT_LIMITS.maxDocuments} documents.`;
  for (const f of files) {
    const typeOk = (DOCUMENT_TYPES as readonly string[]).includes(f.type) || (!f.type && EXTENSIONS.test(f.name));
    if (!typeOk) return `${f.name} is not a PDF, JPG, PNG or WebP file.`;
    if (f.size === 0) return `${f.name} is empty.`;
    if (f.size > ENROLLMENT_LIMITS.maxDocumentBytes) return `${f.name} is larger than ${ENROLLMENT_LIMITS.maxDocumentBytes / MB} MB.`;
  }
  return null;
}

/** Whole percent sent of a multipart body; 100 once the bytes are all out (the server may still be working). */
export const percentOf = (loaded: number, total: number) => (total > 0 ? Math.min(100, Math.floor((loaded / total) * 100)) : 0);

/**
 * Sends a multipart form to /api with the stored token, reporting upload progress (fetch has none):
 * resolves with the envelope or throws the same ApiError as `api()`.
 */
export function uploadForm<T>(path: string, body: FormData, opts: { fallback: string; onProgress: (percent: number) => void }) {
  return new Promise<ApiBody<T>>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(path));
    xhr.setRequestHeader('accept', 'application/json');
    const token = readStored(STORAGE_KEYS.token);
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onProgress(percentOf(e.loaded, e.total));
    };
    xhr.upload.onload = () => opts.onProgress(100);
    xhr.onerror = () => reject(new ApiError(REQUEST_FAILED));
    xhr.onabort = () => reject(new ApiError(REQUEST_FAILED));
    xhr.onload = () => {
      try {
        resolve(parseAnswer<T>({ status: xhr.status, statusText: xhr.statusText }, xhr.responseText ?? '', opts.fallback));
      } catch (err) {
        reject(err);
      }
    };
    xhr.send(body);
  });
}
