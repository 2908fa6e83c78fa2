/**
 * Drawing kit of the seed's illustrations (scripts/make-illustrations.ts) and the gallery's video
 * (scripts/make-gallery-video.ts): the site's palette and a karateka drawn from a pose of joints.
 */
export const C = {
  brand: '#7f1d1d',
  brandStrong: '#991b1b',
  tint: '#fdf2f2',
  ink: '#1c1917',
  inkSoft: '#57534e',
  night: '#141110',
  paper: '#ffffff',
  paperAlt: '#f8f5f2',
  line: '#e7e1dc',
  sand: '#e9dccb',
  wood: '#b7793f',
  woodDark: '#8a5a2b',
  gold: '#d4a017',
  sky: '#dbeafe',
  lake: '#1e5a78',
  green: '#3f6b35',
  red: '#c81e1e',
  blue: '#1d4ed8',
  yellow: '#facc15',
  orange: '#f97316',
} as const;

type Pt = readonly [number, number];

/** Joints of a figure standing 200 units tall (head at the top, feet at y = 200), x around 0. */
export type Pose = {
  head: Pt;
  neck: Pt;
  hip: Pt;
  elbowL: Pt;
  handL: Pt;
  elbowR: Pt;
  handR: Pt;
  kneeL: Pt;
  footL: Pt;
  kneeR: Pt;
  footR: Pt;
};

export const POSES = {
  ready: {
    head: [0, 18],
    neck: [0, 42],
    hip: [0, 110],
    elbowL: [-22, 80],
    handL: [-14, 112],
    elbowR: [22, 80],
    handR: [14, 112],
    kneeL: [-16, 155],
    footL: [-22, 200],
    kneeR: [16, 155],
    footR: [22, 200],
  },
  bow: {
    head: [26, 44],
    neck: [18, 60],
    hip: [0, 112],
    elbowL: [6, 90],
    handL: [2, 124],
    elbowR: [14, 92],
    handR: [10, 126],
    kneeL: [-4, 156],
    footL: [-8, 200],
    kneeR: [6, 156],
    footR: [10, 200],
  },
  punch: {
    head: [6, 30],
    neck: [4, 54],
    hip: [-4, 118],
    elbowL: [-30, 92],
    handL: [-22, 112],
    elbowR: [50, 58],
    handR: [96, 56],
    kneeL: [-50, 158],
    footL: [-92, 200],
    kneeR: [34, 152],
    footR: [46, 200],
  },
  block: {
    head: [0, 30],
    neck: [0, 54],
    hip: [0, 118],
    elbowL: [-40, 56],
    handL: [-26, 20],
    elbowR: [28, 92],
    handR: [14, 118],
    kneeL: [-44, 150],
    footL: [-56, 200],
    kneeR: [44, 150],
    footR: [56, 200],
  },
  kick: {
    head: [-14, 26],
    neck: [-10, 50],
    hip: [0, 114],
    elbowL: [-36, 74],
    handL: [-20, 96],
    elbowR: [14, 80],
    handR: [28, 64],
    kneeL: [-6, 158],
    footL: [-10, 200],
    kneeR: [48, 104],
    footR: [98, 96],
  },
  guard: {
    head: [4, 28],
    neck: [2, 52],
    hip: [-2, 116],
    elbowL: [18, 86],
    handL: [40, 62],
    elbowR: [-14, 88],
    handR: [14, 70],
    kneeL: [-34, 156],
    footL: [-48, 200],
    kneeR: [30, 154],
    footR: [40, 200],
  },
  palm: {
    head: [8, 28],
    neck: [6, 52],
    hip: [-4, 116],
    elbowL: [-26, 88],
    handL: [-10, 70],
    elbowR: [50, 62],
    handR: [88, 52],
    kneeL: [-40, 158],
    footL: [-70, 200],
    kneeR: [30, 152],
    footR: [40, 200],
  },
  hold: {
    head: [-4, 28],
    neck: [-4, 52],
    hip: [0, 116],
    elbowL: [-34, 78],
    handL: [-44, 52],
    elbowR: [-30, 92],
    handR: [-44, 70],
    kneeL: [-12, 158],
    footL: [-20, 200],
    kneeR: [22, 156],
    footR: [36, 200],
  },
} satisfies Record<string, Pose>;

export const mix = (a: Pose, b: Pose, t: number): Pose => {
  const out = {} as Record<keyof Pose, Pt>;
  for (const k of Object.keys(a) as (keyof Pose)[]) out[k] = [a[k][0] + (b[k][0] - a[k][0]) * t, a[k][1] + (b[k][1] - a[k][1]) * t];
  return out as Pose;
};

const r = (n: number) => Math.round(n * 10) / 10;
const poly = (...pts: Pt[]) => pts.map(([x, y], i) => `${i ? 'L' : 'M'}${r(x)} ${r(y)}`).join('');

export type FigureStyle = { gi?: string; outline?: string; skin?: string; belt?: string; hair?: string; mitts?: string };

/**
 * A karateka in a gi: limbs as round-capped strokes with an outline, a belt at the hip. `flip` mirrors it;
 * `x, y` place the feet's line, `s` scales the 200-unit figure.
 */
export function figure(pose: Pose, x: number, y: number, s = 1, style: FigureStyle = {}, flip = false): string {
  const gi = style.gi ?? C.paper;
  const outline = style.outline ?? C.ink;
  const skin = style.skin ?? '#c68e5f';
  const p = pose;
  const limbs = [
    poly(p.neck, p.elbowL, p.handL),
    poly(p.neck, p.elbowR, p.handR),
    poly(p.hip, p.kneeL, p.footL),
    poly(p.hip, p.kneeR, p.footR),
  ];
  const torso = poly(p.neck, p.hip);
  const hand = (h: Pt) => `<circle cx="${r(h[0])}" cy="${r(h[1])}" r="8" fill="${style.mitts ?? skin}"/>`;
  const beltY = p.hip[1] - 6;
  const transform = `translate(${r(x)} ${r(y - 200 * s)}) scale(${flip ? -s : s} ${s})`;
  return (
    `<g transform="${transform}" stroke-linecap="round" stroke-linejoin="round" fill="none">` +
    `<path d="${limbs.join('')}" stroke="${outline}" stroke-width="26"/>` +
    `<path d="${torso}" stroke="${outline}" stroke-width="44"/>` +
    `<path d="${limbs.join('')}" stroke="${gi}" stroke-width="18"/>` +
    `<path d="${torso}" stroke="${gi}" stroke-width="36"/>` +
    `<path d="M${r(p.hip[0] - 19)} ${r(beltY)}h38" stroke="${style.belt ?? C.ink}" stroke-width="8"/>` +
    `<path d="M${r(p.neck[0] - 9)} ${r(p.neck[1] + 2)}l9 16l9-16" stroke="${outline}" stroke-width="3"/>` +
    hand(p.handL) +
    hand(p.handR) +
    `<circle cx="${r(p.head[0])}" cy="${r(p.head[1])}" r="17" fill="${skin}" stroke="${outline}" stroke-width="4"/>` +
    (style.hair ? `<path d="M${r(p.head[0] - 17)} ${r(p.head[1])}a17 17 0 0 1 34 0z" fill="${style.hair}"/>` : '') +
    `</g>`
  );
}

export const svg = (w: number, h: number, label: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="${label}"><title>${label}</title>${body}</svg>\n`;

/** The dojo: a pale wall with a shoji grid, a wooden floor and a kamiza scroll. */
export function dojoRoom(w: number, h: number, floorY: number, wall: string = C.paperAlt): string {
  const cols = Math.ceil(w / 80);
  let grid = '';
  for (let i = 1; i < cols; i++) grid += `M${i * 80} 40V${floorY - 30}`;
  for (let y = 90; y < floorY - 30; y += 60) grid += `M0 ${y}H${w}`;
  let boards = '';
  for (let i = 0; i < w; i += 96) boards += `M${i} ${floorY}L${i - (i - w / 2) * 0.5} ${h}`;
  return (
    `<rect width="${w}" height="${h}" fill="${wall}"/>` +
    `<path d="${grid}" stroke="${C.line}" stroke-width="4"/>` +
    `<rect y="${floorY - 30}" width="${w}" height="30" fill="${C.woodDark}"/>` +
    `<rect y="${floorY}" width="${w}" height="${h - floorY}" fill="${C.wood}"/>` +
    `<path d="${boards}" stroke="${C.woodDark}" stroke-width="3" opacity=".45"/>`
  );
}
