import { describe, expect, it } from 'vitest';
import { fixtureBytes, paddedImage, pngClaiming, type ImageFixture } from './image-size.fixtures.ts';
import { checkImageDimensions, IMAGE_TOO_MANY_PIXELS, imageSize } from './image-size.ts';

const ascii = (s: string) => new TextEncoder().encode(s);

describe('imageSize', () => {
  it.each<[ImageFixture, number, number]>([
    ['jpegBaseline640x480', 640, 480],
    ['jpegProgressive33x17', 33, 17],
    ['jpegComment21x13', 21, 13],
    ['png9x8', 9, 8],
    ['gif7x6', 7, 6],
    ['webpLossy5x4', 5, 4],
    ['webpLossless5x4', 5, 4],
    ['webpExtended300x200', 300, 200],
  ])('reads %s from its header', (name, width, height) => {
    expect(imageSize(fixtureBytes(name))).toEqual({ width, height });
  });

  it('needs only the header: a padded image keeps its size', () => {
    expect(imageSize(paddedImage('png9x8', 5 * 1024 * 1024))).toEqual({ width: 9, height: 8 });
    expect(imageSize(paddedImage('jpegBaseline640x480', 100_000))).toEqual({ width: 640, height: 480 });
  });

  it('reads the progressive (SOF2) frame marker of a progressive JPEG', () => {
    const bytes = fixtureBytes('jpegProgressive33x17');
    const sof2 = bytes.findIndex((b, i) => b === 0xff && bytes[i + 1] === 0xc2);
    expect(sof2).toBeGreaterThan(0);
  });

  it('skips fill bytes and standalone markers before the frame', () => {
    const jpeg = new Uint8Array([
      0xff, 0xd8, 0xff, 0xff, 0xff, 0xd0, 0xff, 0xe0, 0, 4, 1, 2, 0xff, 0xc0, 0, 11, 8, 0x01, 0x2c, 0x02, 0x58, 3, 0, 0, 0,
    ]);
    expect(imageSize(jpeg)).toEqual({ width: 600, height: 300 });
  });

  it('answers null for other types, truncated headers and corrupt segments', () => {
    expect(imageSize(ascii('%PDF-1.7 a document'))).toBeNull();
    expect(imageSize(ascii('<svg width="10" height="10"></svg>'))).toBeNull();
    expect(imageSize(new Uint8Array())).toBeNull();
    expect(imageSize(fixtureBytes('png9x8').subarray(0, 20))).toBeNull();
    expect(imageSize(fixtureBytes('jpegBaseline640x480').subarray(0, 100))).toBeNull();
    expect(imageSize(fixtureBytes('webpLossy5x4').subarray(0, 26))).toBeNull();
    expect(imageSize(fixtureBytes('gif7x6').subarray(0, 8))).toBeNull();
    expect(imageSize(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBeNull();
    expect(imageSize(new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0, 8, 0, 0, 0, 0]))).toBeNull();
    expect(imageSize(new Uint8Array([0xff, 0xd8, 0x00, 0x11, 0, 0]))).toBeNull();
  });

  it('answers null for a zero-sized image rather than 0×0', () => {
    const png = fixtureBytes('png9x8');
    png.set([0, 0, 0, 0], 16);
    expect(imageSize(png)).toBeNull();
  });

  it('never throws on random bytes', () => {
    for (let i = 0; i < 500; i++) {
      const bytes = crypto.getRandomValues(new Uint8Array(16 + (i % 64)));
      if (i % 4 === 0) bytes.set([0xff, 0xd8]);
      if (i % 4 === 1) bytes.set(ascii('RIFF\0\0\0\0WEBPVP8'));
      expect(() => imageSize(bytes)).not.toThrow();
    }
  });
});

describe('checkImageDimensions', () => {
  it('refuses a header that claims 100000 × 100000 pixels with a clear message', () => {
    expect(() => checkImageDimensions(pngClaiming(100_000, 100_000))).toThrow(IMAGE_TOO_MANY_PIXELS);
  });

  it('refuses too many pixels in all even when each side is allowed', () => {
    expect(() => checkImageDimensions(pngClaiming(16_000, 16_000))).toThrow(IMAGE_TOO_MANY_PIXELS);
  });

  it('accepts the largest allowed image and answers its size', () => {
    expect(checkImageDimensions(pngClaiming(16_384, 3_000))).toEqual({ width: 16_384, height: 3_000 });
    expect(checkImageDimensions(fixtureBytes('jpegBaseline640x480'))).toEqual({ width: 640, height: 480 });
  });
});
