/** The name a user gave a file, without any path, control characters or quotes; a default when nothing is left. */
export function cleanFileName(name: string | undefined, ext: string, fallback = 'file'): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .replace(/[\p{Cc}"]/gu, '')
    .trim()
    .slice(-200);
  return cleaned || `${fallback}.${ext}`;
}
