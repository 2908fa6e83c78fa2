import { WAIVER_LIMITS } from './waiver-options.ts';

/** A signature image as received (a data URL), checked: only what the pad makes and a PDF can draw. */
export type SignatureImage =
  | { kind: 'png'; mime: 'image/png'; bytes: Uint8Array }
  | {
      kind: 'svg';
      mime: 'image/svg+xml';
      bytes: Uint8Array;
      paths: string[];
      box: { x: number; y: number; width: number; height: number };
    };

export type SignatureCheck = { ok: true; image: SignatureImage } | { ok: false; reason: 'tooLarge' | 'notImage' };

const DATA_URL = /^data:(image\/png|image\/svg\+xml);base64,([A-Za-z0-9+/]*={0,2})$/;
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** The elements a drawn signature may hold: the pad makes only `<path d>` inside `<svg>` (title/desc/g allowed). */
const SVG_ELEMENTS = new Set(['svg', 'g', 'path', 'title', 'desc']);
const SAFE_ATTRIBUTES = new Set([
  'xmlns',
  'version',
  'width',
  'height',
  'viewbox',
  'd',
  'fill',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-opacity',
  'fill-opacity',
  'opacity',
  'role',
  'aria-label',
  'preserveaspectratio',
]);

/** Decoded size of base64 text without decoding it, so an oversized upload is refused before any work. */
const decodedLength = (b64: string) => Math.floor((b64.length * 3) / 4) - (b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0);

const isPng = (b: Uint8Array) =>
  b.length > 24 && PNG_MAGIC.every((v, i) => b[i] === v) && String.fromCharCode(b[12]!, b[13]!, b[14]!, b[15]!) === 'IHDR';

/**
 * An SVG is accepted only as a whitelist: an `<svg>` root, the elements above, plain presentation
 * attributes (no `on*`, no href, no `style`, no `url(…)`), no DOCTYPE/entities/processing instructions
 * or CDATA; so it can carry no script, foreignObject or external reference, and its paths can be drawn in a PDF.
 */
function checkedSvg(bytes: Uint8Array): Extract<SignatureImage, { kind: 'svg' }> | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  const body = text
    .replace(/^\uFEFF?\s*<\?xml[^?]*\?>/, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .trim();
  if (!body.startsWith('<svg') || /<!|<\?|&/.test(body)) return null;
  const paths: string[] = [];
  const attrsOfRoot: Record<string, string> = {};
  let depth = 0;
  let sawRoot = false;
  const tag = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|([^<]+)/gy;
  let consumed = 0;
  for (let m = tag.exec(body); m; m = tag.exec(body)) {
    consumed = tag.lastIndex;
    const [, closing, rawName, rawAttrs, selfClosing, textNode] = m;
    if (textNode !== undefined) {
      if (depth === 0 && textNode.trim()) return null;
      continue;
    }
    const name = rawName!.toLowerCase();
    if (!SVG_ELEMENTS.has(name)) return null;
    if (closing) {
      depth--;
      if (depth < 0) return null;
      continue;
    }
    if (depth === 0 && (sawRoot || name !== 'svg')) return null;
    const attrs: Record<string, string> = {};
    for (const a of rawAttrs!.matchAll(/([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
      const key = a[1]!.toLowerCase();
      const value = a[2] ?? a[3] ?? '';
      if (!SAFE_ATTRIBUTES.has(key) && !key.startsWith('xmlns:')) return null;
      if (/url\s*\(|javascript:/i.test(value)) return null;
      attrs[key] = value;
    }
    if (name === 'svg' && depth === 0) {
      sawRoot = true;
      Object.assign(attrsOfRoot, attrs);
    }
    if (name === 'path' && attrs.d) paths.push(attrs.d);
    if (!selfClosing) depth++;
  }
  if (consumed !== body.length || depth !== 0 || !sawRoot) return null;
  const box = viewBoxOf(attrsOfRoot);
  return box ? { kind: 'svg', mime: 'image/svg+xml', bytes, paths, box } : null;
}

function viewBoxOf(attrs: Record<string, string>) {
  const nums = (attrs.viewbox ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  if (nums.length === 4 && nums.every(Number.isFinite) && nums[2]! > 0 && nums[3]! > 0) {
    return { x: nums[0]!, y: nums[1]!, width: nums[2]!, height: nums[3]! };
  }
  const width = Number.parseFloat(attrs.width ?? '');
  const height = Number.parseFloat(attrs.height ?? '');
  return width > 0 && height > 0 ? { x: 0, y: 0, width, height } : null;
}

function base64Bytes(b64: string): Uint8Array | null {
  try {
    return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

/** `data:image/png;base64,…` or `data:image/svg+xml;base64,…`: ≤ WAIVER_LIMITS.signatureMaxBytes decoded, and really that image. */
export function checkSignature(dataUrl: string): SignatureCheck {
  const match = DATA_URL.exec(dataUrl.trim());
  const b64 = match?.[2] ?? dataUrl.slice(dataUrl.indexOf(',') + 1);
  if (decodedLength(b64) > WAIVER_LIMITS.signatureMaxBytes) return { ok: false, reason: 'tooLarge' };
  if (!match) return { ok: false, reason: 'notImage' };
  const bytes = base64Bytes(b64);
  if (!bytes || !bytes.length) return { ok: false, reason: 'notImage' };
  if (match[1] === 'image/png')
    return isPng(bytes) ? { ok: true, image: { kind: 'png', mime: 'image/png', bytes } } : { ok: false, reason: 'notImage' };
  const svg = checkedSvg(bytes);
  return svg ? { ok: true, image: svg } : { ok: false, reason: 'notImage' };
}
