/** The stored form of a one-time secret (a link token, an OAuth state): its SHA-256 in hex, so the table never holds what the user holds. */
export async function sha256Hex(value: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(value));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
