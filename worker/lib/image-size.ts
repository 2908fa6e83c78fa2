import { badRequest } from './errors.ts';

export type ImageSize = { width: number; height: number };

const u16be = (b: Uint8Array, at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
const u16le = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
const u24le = (b: Uint8Array, at: number) => u16le(b, at) | ((b[at + 2] ?? 0) << 16);
const u32be = (b: Uint8Array, at: number) => u16be(b, at) * 0x10000 + u16be(b, at + 2);
const isAscii = (b: Uint8Array, at: number, s: string) =>
  b.length >= at + s.length && [...s].every((ch, i) => b[at + i] === ch.charCodeAt(0));
const sized = (width: number, height: number): ImageSize | null => (width > 0 && height > 0 ? { width, height } : null);

/** PNG: the IHDR chunk always comes first, right after the 8-byte signature. */
function png(b: Uint8Array): ImageSize | null {
  if (b.length < 24 || b[0] !== 0x89 || !isAscii(b, 1, 'PNG') || !isAscii(b, 12, 'IHDR')) return null;
  return sized(u32be(b, 16), u32be(b, 20));
}

function gif(b: Uint8Array): ImageSize | null {
  if (b.length < 10 || !(isAscii(b, 0, 'GIF87a') || isAscii(b, 0, 'GIF89a'))) return null;
  return sized(u16le(b, 6), u16le(b, 8));
}

/** WebP: lossy (VP8 frame header), lossless (VP8L 14-bit fields) or extended (VP8X canvas). */
function webp(b: Uint8Array): ImageSize | null {
  if (b.length < 30 || !isAscii(b, 0, 'RIFF') || !isAscii(b, 8, 'WEBP')) return null;
  if (isAscii(b, 12, 'VP8 ')) {
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null;
    return sized(u16le(b, 26) & 0x3fff, u16le(b, 28) & 0x3fff);
  }
  if (isAscii(b, 12, 'VP8L')) {
    if (b[20] !== 0x2f) return null;
    const bits = (b[21] ?? 0) | ((b[22] ?? 0) << 8) | ((b[23] ?? 0) << 16) | ((b[24] ?? 0) << 24);
    return sized((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (isAscii(b, 12, 'VP8X')) return sized(u24le(b, 24) + 1, u24le(b, 27) + 1);
  return null;
}

/** Start-of-frame markers (baseline, progressive, lossless, arithmetic); C4, C8 and CC are not frames. */
const isSof = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

/** JPEG: walks the marker segments up to the first start-of-frame, which holds height then width. */
function jpeg(b: Uint8Array): ImageSize | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return null;
  let at = 2;
  while (at + 3 < b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      at += 2; // standalone markers carry no length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan data before any frame
    const length = u16be(b, at + 2);
    if (length < 2) return null;
    if (isSof(marker)) return at + 8 < b.length ? sized(u16be(b, at + 7), u16be(b, at + 5)) : null;
    at += 2 + length;
  }
  return null;
}

/**
 * Pixel width and height of a JPEG, PNG, WebP or GIF read from its header bytes (no decoding);
 * null for anything else or a truncated header. JPEG EXIF orientation is not applied.
 */
export function imageSize(bytes: Uint8Array): ImageSize | null {
  return png(bytes) ?? jpeg(bytes) ?? webp(bytes) ?? gif(bytes);
}

/** The largest image any upload accepts: 16,384 px a side (WebP's own limit) and 50 megapixels in all. */
export const IMAGE_MAX_SIDE = 16_384;
export const IMAGE_MAX_PIXELS = 50_000_000;
export const IMAGE_TOO_MANY_PIXELS = `Image dimensions are too large: at most ${IMAGE_MAX_SIDE} pixels a side and ${IMAGE_MAX_PIXELS / 1_000_000} megapixels`;

/**
 * Refuses (400) an image whose header claims more pixels than any page shows, so that no later
 * resize or thumbnail decodes a decompression bomb. Returns the size it read (null when unreadable).
 */
export function checkImageDimensions(bytes: Uint8Array): ImageSize | null {
  const size = imageSize(bytes);
  if (size && (size.width > IMAGE_MAX_SIDE || size.height > IMAGE_MAX_SIDE || size.width * size.height > IMAGE_MAX_PIXELS))
    throw badRequest(IMAGE_TOO_MANY_PIXELS);
  return size;
}
