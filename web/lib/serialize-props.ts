const UNSAFE: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/** JSON safe to inline in HTML: a prop holding `</script>` or U+2028 cannot break out of its tag (Fresh #739). */
export function serializeProps(props: unknown): string {
  return JSON.stringify(props ?? {}).replace(/[<>&\u2028\u2029]/g, (ch) => UNSAFE[ch] ?? ch);
}
