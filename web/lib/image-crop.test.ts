import { describe, expect, it } from 'vitest';
import { centredCrop, clampCrop, cropPercent, cropRange, fitScale, moveCrop, outputSide, resizeCrop } from './image-crop.ts';

describe('square crop maths', () => {
  it('starts from the largest centred square of a landscape and a portrait picture', () => {
    expect(centredCrop(1200, 800)).toEqual({ x: 200, y: 0, size: 800 });
    expect(centredCrop(600, 1000)).toEqual({ x: 0, y: 200, size: 600 });
    expect(centredCrop(300, 300)).toEqual({ x: 0, y: 0, size: 300 });
  });

  it('resizes around the centre and stays inside the image', () => {
    const start = centredCrop(1200, 800);
    expect(resizeCrop(start, 400, 1200, 800)).toEqual({ x: 400, y: 200, size: 400 });
    // Growing past the short side stops at it; shrinking stops at the minimum.
    expect(resizeCrop(start, 5000, 1200, 800).size).toBe(800);
    expect(resizeCrop(start, 3, 1200, 800).size).toBe(64);
    // Near an edge, growing pushes the square back inside rather than past the edge.
    expect(resizeCrop({ x: 0, y: 0, size: 100 }, 500, 1200, 800)).toEqual({ x: 0, y: 0, size: 500 });
  });

  it('moves by whole pixels and never leaves the picture', () => {
    const c = { x: 100, y: 100, size: 200 };
    expect(moveCrop(c, 50, -30, 1000, 600)).toEqual({ x: 150, y: 70, size: 200 });
    expect(moveCrop(c, -500, 9000, 1000, 600)).toEqual({ x: 0, y: 400, size: 200 });
    expect(cropRange(c, 1000, 600)).toEqual({ x: 800, y: 400 });
  });

  it('keeps a tiny picture whole: the minimum is never larger than the image', () => {
    expect(clampCrop({ x: -5, y: -5, size: 10 }, 40, 30)).toEqual({ x: 0, y: 0, size: 30 });
  });

  it('outputs the crop’s own pixels up to 512, and fits previews without enlarging', () => {
    expect(outputSide({ x: 0, y: 0, size: 3000 })).toBe(512);
    expect(outputSide({ x: 0, y: 0, size: 200.4 })).toBe(200);
    expect(fitScale(4000, 3000, 320)).toBe(0.08);
    expect(fitScale(200, 100, 320)).toBe(1);
  });

  it('places the frame in percent of the picture', () => {
    const p = cropPercent({ x: 200, y: 0, size: 800 }, 1200, 800);
    expect(p.left).toBeCloseTo(16.667, 3);
    expect(p.width).toBeCloseTo(66.667, 3);
    expect([p.top, p.height]).toEqual([0, 100]);
  });
});
