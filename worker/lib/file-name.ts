/** The name a user gave a file, without any path, control characters or quotes; a default when nothing is left. */
export function cleanFileName(name: string | undefined, ext: string, fallback = 'file'): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim()
    .slice(-200);
  return cleaned || `${fallback}.${ext}`;
}
