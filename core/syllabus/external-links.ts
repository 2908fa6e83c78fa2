const BRACKET = /^externalLinks\[(\d{1,4})\](?:\[(\w{1,20})\]|\.(\w{1,20}))?$/;
const PROPS = new Set(['title', 'url', 'type']);

function fromJsonText(text: string): unknown[] {
  if (text.trim() === '') return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed : [parsed];
  } catch {
    return [text]; // not JSON: left for the schema to refuse with its message
  }
}

/**
 * The links of a form as the spec's client sends them: `externalLinks[i][title|url|type]` fields
 * (ordered by i, gaps closed), or one `externalLinks` field holding a JSON list ("" or "[]" clears).
 * Undefined when the form says nothing about links, so an update keeps the stored ones.
 */
export function externalLinksFromEntries(entries: Iterable<readonly [string, string]>): unknown[] | undefined {
  let seen = false;
  const listed: unknown[] = [];
  const indexed = new Map<number, Record<string, string>>();
  for (const [key, value] of entries) {
    if (key === 'externalLinks' || key === 'externalLinks[]') {
      seen = true;
      listed.push(...fromJsonText(value));
      continue;
    }
    const m = key.match(BRACKET);
    if (!m) continue;
    seen = true;
    const index = Number(m[1]);
    const prop = m[2] ?? m[3];
    const link = indexed.get(index) ?? {};
    if (!prop) link.url ??= value;
    else if (PROPS.has(prop)) link[prop] ??= value;
    indexed.set(index, link);
  }
  if (!seen) return undefined;
  return [...listed, ...[...indexed.entries()].sort(([a], [b]) => a - b).map(([, link]) => link)];
}
