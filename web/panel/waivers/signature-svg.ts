/** A drawn signature: strokes of points in the pad's own units, turned into an SVG of <path d> elements only. */
export type Point = readonly [number, number];
export type Stroke = readonly Point[];

export const PAD = { width: 600, height: 200 } as const;
/** Points closer than this to the previous one add nothing visible and only weigh. */
const MIN_STEP = 1.5;

const n = (v: number) => String(Math.round(v * 10) / 10);

/** "M x y L x y …"; a lone point is a dot (a tiny line, so the round cap draws it). */
export function strokePath(points: Stroke): string {
  const [first, ...rest] = points;
  if (!first) return '';
  if (rest.length === 0) return `M${n(first[0])} ${n(first[1])}l0.1 0`;
  return `M${n(first[0])} ${n(first[1])}${rest.map(([x, y]) => `L${n(x)} ${n(y)}`).join('')}`;
}

/** Whether a new point is far enough from the stroke's last one to keep. */
export function worthAdding(stroke: Stroke, p: Point): boolean {
  const last = stroke.at(-1);
  return !last || Math.hypot(p[0] - last[0], p[1] - last[1]) >= MIN_STEP;
}

/** The strokes as a standalone SVG: style on the root, and nothing but `<path d>` inside. */
export function signatureSvg(strokes: readonly Stroke[]): string {
  const paths = strokes
    .map(strokePath)
    .filter(Boolean)
    .map((d) => `<path d="${d}"/>`)
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${PAD.width} ${PAD.height}" width="${PAD.width}" height="${PAD.height}"` +
    ` fill="none" stroke="#111827" stroke-width="3" stroke-linecap="round" stroke-linejoin="round">${paths}</svg>`
  );
}

/** `data:image/svg+xml;base64,…` of the SVG (ASCII only, so btoa is exact). */
export const svgDataUrl = (svg: string) => `data:image/svg+xml;base64,${btoa(svg)}`;
