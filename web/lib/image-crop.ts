/** A square of the source image, in the source's own pixels: top-left corner and side. */
export type Crop = { x: number; y: number; size: number };

/** The smallest square one may pick, in source pixels (or the whole short side of a smaller image). */
export const MIN_CROP = 64;
/** The side of the picture sent to the server: enough for any avatar, far under the upload limit. */
export const OUTPUT_MAX = 512;

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

export const minCropSize = (width: number, height: number) => Math.min(MIN_CROP, width, height);

/** The largest centred square: what a picture becomes when nothing is moved. */
export function centredCrop(width: number, height: number): Crop {
  const size = Math.min(width, height);
  return { x: Math.round((width - size) / 2), y: Math.round((height - size) / 2), size };
}

/** The same square kept whole inside the image, its side between the minimum and the short side. */
export function clampCrop(c: Crop, width: number, height: number): Crop {
  const size = Math.round(clamp(c.size, minCropSize(width, height), Math.min(width, height)));
  return { size, x: Math.round(clamp(c.x, 0, width - size)), y: Math.round(clamp(c.y, 0, height - size)) };
}

/** A new side around the same centre (the size slider), then kept inside the image. */
export function resizeCrop(c: Crop, size: number, width: number, height: number): Crop {
  const cx = c.x + c.size / 2;
  const cy = c.y + c.size / 2;
  const next = clamp(size, minCropSize(width, height), Math.min(width, height));
  return clampCrop({ x: cx - next / 2, y: cy - next / 2, size: next }, width, height);
}

/** Moved by (dx, dy) source pixels (dragging, arrow keys), kept inside the image. */
export const moveCrop = (c: Crop, dx: number, dy: number, width: number, height: number): Crop =>
  clampCrop({ ...c, x: c.x + dx, y: c.y + dy }, width, height);

/** How far the square can move on each axis: the position sliders' maximum. */
export const cropRange = (c: Crop, width: number, height: number) => ({ x: width - c.size, y: height - c.size });

/** The side of the output canvas: the crop's own pixels, never enlarged, at most OUTPUT_MAX. */
export const outputSide = (c: Crop) => Math.max(1, Math.min(OUTPUT_MAX, Math.round(c.size)));

/** The scale that fits the whole image in a box of `box` pixels (never enlarged). */
export const fitScale = (width: number, height: number, box: number) => Math.min(1, box / Math.max(width, height));

/** The crop as percentages of the image, for placing its frame over a preview of any size. */
export const cropPercent = (c: Crop, width: number, height: number) => ({
  left: (c.x / width) * 100,
  top: (c.y / height) * 100,
  width: (c.size / width) * 100,
  height: (c.size / height) * 100,
});
