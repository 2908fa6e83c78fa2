import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { C, dojoRoom, figure, POSES, svg } from './lib/karate-art.ts';
import { ROOT } from './lib/paths.ts';

/**
 * `node scripts/make-illustrations.ts`: draws the seed's pictures of courses, products, posts and
 * instructors into web/public/images (SVG: a few KB each, sharp at any size) and writes their
 * descriptions to web/components/illustrations.ts for the pages' alt texts. Run it after changing a drawing.
 */
type Art = { file: string; alt: string; w: number; h: number; body: string };

const COURSE = { w: 960, h: 600 };
const PRODUCT = { w: 600, h: 600 };
const POST = { w: 1200, h: 630 };
const PORTRAIT = { w: 400, h: 400 };

const belt = (x: number, y: number, w: number, color: string, stripe?: string) =>
  `<rect x="${x}" y="${y}" width="${w}" height="44" rx="6" fill="${color}" stroke="${C.ink}" stroke-width="4"/>` +
  (stripe ? `<rect x="${x + w - 90}" y="${y + 4}" width="40" height="36" fill="${stripe}"/>` : '') +
  `<path d="M${x + 12} ${y + 14}H${x + w - 12}M${x + 12} ${y + 30}H${x + w - 12}" stroke="${C.ink}" stroke-width="1.5" opacity=".35"/>`;

/** A gi jacket seen from the front, lapels crossed, belt tied. */
const gi = (cx: number, top: number, s: number, cloth: string, trim: string, beltColor: string) =>
  `<g transform="translate(${cx} ${top}) scale(${s})" stroke="${C.ink}" stroke-width="5" stroke-linejoin="round">` +
  `<path d="M-70 0H70L170 80L130 150L90 120V330H-90V120L-130 150L-170 80Z" fill="${cloth}"/>` +
  `<path d="M-70 0L40 200M70 0L-40 200" stroke="${trim}" stroke-width="14"/>` +
  `<path d="M-90 230H90" stroke="${beltColor}" stroke-width="26"/>` +
  `<path d="M0 230l-30 80M0 230l30 80" stroke="${beltColor}" stroke-width="18" stroke-linecap="round"/>` +
  `</g>`;

const frame = (w: number, h: number, bg: string, inner: string) => `<rect width="${w}" height="${h}" fill="${bg}"/>${inner}`;

const COURSES: Art[] = [
  {
    file: 'course-kids.svg',
    alt: 'Three children in white gi and yellow belts practising a front punch together on the dojo floor',
    ...COURSE,
    body:
      dojoRoom(COURSE.w, COURSE.h, 470) +
      `<circle cx="820" cy="130" r="60" fill="${C.yellow}"/>` +
      figure(POSES.punch, 230, 560, 1.15, { belt: C.yellow, hair: C.night }) +
      figure(POSES.punch, 480, 560, 1.25, { belt: C.yellow, skin: '#8d5a3b', hair: C.night }) +
      figure(POSES.punch, 730, 560, 1.1, { belt: C.yellow, skin: '#f1c9a5', hair: '#8a5a2b' }),
  },
  {
    file: 'course-adult-beginners.svg',
    alt: 'A beginner in a white gi and white belt bowing at the edge of the dojo floor',
    ...COURSE,
    body:
      dojoRoom(COURSE.w, COURSE.h, 470) +
      `<rect x="420" y="70" width="120" height="220" fill="${C.paper}" stroke="${C.ink}" stroke-width="4"/><circle cx="480" cy="150" r="36" fill="none" stroke="${C.brand}" stroke-width="10"/>` +
      figure(POSES.bow, 480, 570, 1.9, { belt: C.paper, skin: '#d9a27a', hair: C.night }),
  },
  {
    file: 'course-kata.svg',
    alt: 'A karateka in a low stance making a rising block in front of a red ensō circle',
    ...COURSE,
    body:
      frame(
        COURSE.w,
        COURSE.h,
        C.tint,
        `<circle cx="480" cy="280" r="220" fill="none" stroke="${C.brand}" stroke-width="34" stroke-dasharray="1300 140"/>`,
      ) +
      `<rect y="520" width="${COURSE.w}" height="80" fill="${C.sand}"/>` +
      figure(POSES.block, 480, 540, 2.2, { belt: C.orange, skin: '#b77b52', hair: C.night }),
  },
  {
    file: 'course-kumite.svg',
    alt: 'Two students sparring, one with red mitts and belt, one with blue, a referee line between them',
    ...COURSE,
    body:
      frame(
        COURSE.w,
        COURSE.h,
        C.night,
        `<rect x="80" y="470" width="800" height="130" fill="${C.blue}" opacity=".9"/><rect x="150" y="470" width="660" height="130" fill="${C.red}" opacity=".85"/>`,
      ) +
      `<path d="M480 470v130" stroke="${C.paper}" stroke-width="6" stroke-dasharray="16 12"/>` +
      figure(POSES.punch, 330, 540, 1.9, { belt: C.red, mitts: C.red, outline: C.line, skin: '#c68e5f', hair: C.night }) +
      figure(POSES.guard, 650, 540, 1.9, { belt: C.blue, mitts: C.blue, outline: C.line, skin: '#f1c9a5', hair: C.woodDark }, true),
  },
  {
    file: 'course-self-defence.svg',
    alt: 'A student striking a padded shield held by a partner, both in training clothes',
    ...COURSE,
    body:
      dojoRoom(COURSE.w, COURSE.h, 470, C.tint) +
      figure(POSES.palm, 330, 570, 1.8, { gi: C.inkSoft, outline: C.ink, belt: C.inkSoft, skin: '#8d5a3b', hair: C.night }) +
      figure(POSES.hold, 650, 570, 1.8, { gi: C.paper, belt: C.paper, skin: '#e0b08a', hair: '#a16207' }) +
      `<rect x="548" y="215" width="58" height="150" rx="16" fill="${C.brand}" stroke="${C.ink}" stroke-width="5"/>`,
  },
  {
    file: 'course-black-belt.svg',
    alt: 'A black belt with embroidered gold stripes tied in a knot on a dark red background',
    ...COURSE,
    body:
      frame(COURSE.w, COURSE.h, C.brand, '') +
      `<g stroke="${C.gold}" stroke-width="4"><path d="M120 300H380M580 300H840" /></g>` +
      `<path d="M400 300c0-60 160-60 160 0s-160 60-160 0z" fill="${C.night}" stroke="${C.gold}" stroke-width="5"/>` +
      `<path d="M440 330l-70 200h60l50-150zM520 330l70 200h-60l-50-150z" fill="${C.night}" stroke="${C.gold}" stroke-width="5"/>` +
      `<rect x="360" y="520" width="70" height="10" fill="${C.gold}"/><rect x="530" y="520" width="70" height="10" fill="${C.gold}"/>` +
      `<rect x="180" y="270" width="220" height="60" rx="8" fill="${C.night}" stroke="${C.gold}" stroke-width="4"/><rect x="560" y="270" width="220" height="60" rx="8" fill="${C.night}" stroke="${C.gold}" stroke-width="4"/>`,
  },
];

const PRODUCTS: Art[] = [
  {
    file: 'product-gi.svg',
    alt: 'A white student karate gi with a white belt',
    ...PRODUCT,
    body: frame(600, 600, C.paperAlt, gi(300, 120, 1.05, C.paper, C.line, C.paper)),
  },
  {
    file: 'product-gi-kata.svg',
    alt: 'A heavy white competition gi with thick lapels and a red belt, on a dark background',
    ...PRODUCT,
    body: frame(
      600,
      600,
      C.night,
      gi(300, 120, 1.05, C.paper, C.sand, C.red) +
        `<rect x="60" y="60" width="480" height="480" fill="none" stroke="${C.gold}" stroke-width="3"/>`,
    ),
  },
  {
    file: 'product-old-gi.svg',
    alt: 'A canvas karate gi in natural beige',
    ...PRODUCT,
    body: frame(600, 600, C.line, gi(300, 120, 1.05, C.sand, C.wood, C.woodDark)),
  },
  {
    file: 'product-belt.svg',
    alt: 'Rank belts in white, yellow, orange, green, blue, purple and brown, stacked',
    ...PRODUCT,
    body: frame(
      600,
      600,
      C.paperAlt,
      [C.paper, C.yellow, C.orange, '#16a34a', C.blue, '#7e22ce', '#78350f'].map((c, i) => belt(90, 120 + i * 54, 420, c)).join(''),
    ),
  },
  {
    file: 'product-black-belt.svg',
    alt: 'A black belt embroidered with a name in gold thread',
    ...PRODUCT,
    body: frame(
      600,
      600,
      C.tint,
      belt(70, 250, 460, C.night, C.gold) +
        `<text x="140" y="282" font-family="Georgia,serif" font-size="24" fill="${C.gold}">Your name</text>`,
    ),
  },
  {
    file: 'product-gloves.svg',
    alt: 'A pair of open-hand sparring mitts, one red and one blue',
    ...PRODUCT,
    body:
      frame(600, 600, C.paperAlt, '') +
      [
        [190, C.red],
        [410, C.blue],
      ]
        .map(
          ([x, c]) =>
            `<g transform="translate(${x} 300)" stroke="${C.ink}" stroke-width="5"><rect x="-80" y="-120" width="160" height="170" rx="60" fill="${c}"/><rect x="-70" y="40" width="140" height="90" rx="14" fill="${C.paper}"/><ellipse cx="-86" cy="-10" rx="26" ry="50" fill="${c}"/></g>`,
        )
        .join(''),
  },
  {
    file: 'product-shin.svg',
    alt: 'A pair of padded shin guards with instep pads, in red and blue',
    ...PRODUCT,
    body:
      frame(600, 600, C.tint, '') +
      [
        [210, C.red],
        [390, C.blue],
      ]
        .map(
          ([x, c]) =>
            `<g transform="translate(${x} 100)" stroke="${C.ink}" stroke-width="5"><rect x="-60" y="0" width="120" height="280" rx="50" fill="${c}"/><path d="M-60 60h120M-60 130h120M-60 200h120" stroke="${C.paper}" stroke-width="4" opacity=".7"/><path d="M-50 300h100l30 90h-150z" fill="${c}"/></g>`,
        )
        .join(''),
  },
  {
    file: 'product-mouthguard.svg',
    alt: 'A clear blue boil-and-bite mouth guard beside its red case',
    ...PRODUCT,
    body:
      frame(600, 600, C.paperAlt, '') +
      `<path d="M150 230c0 180 300 180 300 0" fill="none" stroke="${C.ink}" stroke-width="62" stroke-linecap="round"/><path d="M150 230c0 180 300 180 300 0" fill="none" stroke="#7dd3fc" stroke-width="50" stroke-linecap="round"/>` +
      `<rect x="360" y="380" width="170" height="110" rx="30" fill="${C.brand}" stroke="${C.ink}" stroke-width="5"/><path d="M360 420h170" stroke="${C.ink}" stroke-width="4"/>`,
  },
  {
    file: 'product-bag.svg',
    alt: 'A dark red gear duffel bag with a ventilated end pocket and the school crest',
    ...PRODUCT,
    body:
      frame(600, 600, C.paperAlt, '') +
      `<path d="M200 230c0-80 200-80 200 0" fill="none" stroke="${C.ink}" stroke-width="18"/>` +
      `<rect x="80" y="220" width="440" height="230" rx="100" fill="${C.brand}" stroke="${C.ink}" stroke-width="6"/>` +
      `<ellipse cx="470" cy="335" rx="40" ry="90" fill="${C.brandStrong}" stroke="${C.ink}" stroke-width="5"/><path d="M450 300h40M450 330h40M450 360h40" stroke="${C.ink}" stroke-width="4"/>` +
      `<circle cx="270" cy="335" r="44" fill="${C.paper}" stroke="${C.gold}" stroke-width="8"/><path d="M250 335h40M270 315v40" stroke="${C.brand}" stroke-width="8"/>`,
  },
  {
    file: 'product-bottle.svg',
    alt: 'A tall steel water bottle in teal with a black cap',
    ...PRODUCT,
    body:
      frame(600, 600, C.tint, '') +
      `<rect x="250" y="70" width="100" height="60" rx="12" fill="${C.night}"/><path d="M240 130h120l30 60v330a30 30 0 0 1-30 30H240a30 30 0 0 1-30-30V190z" fill="#0f766e" stroke="${C.ink}" stroke-width="6"/>` +
      `<rect x="230" y="260" width="140" height="120" fill="${C.paper}" opacity=".9"/><text x="300" y="333" text-anchor="middle" font-family="Georgia,serif" font-size="34" fill="${C.brand}">OSU</text>`,
  },
  {
    file: 'product-tshirt.svg',
    alt: 'A black cotton T-shirt with the school crest on the chest',
    ...PRODUCT,
    body:
      frame(600, 600, C.paperAlt, '') +
      `<path d="M200 110h200l120 80-50 80-50-30v260H180V240l-50 30-50-80z" fill="${C.night}" stroke="${C.ink}" stroke-width="5" stroke-linejoin="round"/><path d="M250 110a50 40 0 0 0 100 0" fill="${C.paperAlt}"/>` +
      `<circle cx="340" cy="220" r="34" fill="none" stroke="${C.gold}" stroke-width="6"/><path d="M322 220h36M340 202v36" stroke="${C.gold}" stroke-width="6"/>`,
  },
  {
    file: 'product-makiwara.svg',
    alt: 'A wall-mounted makiwara striking pad wrapped in rope, with a fist striking it',
    ...PRODUCT,
    body:
      frame(600, 600, C.sand, '') +
      `<rect x="250" y="40" width="100" height="520" fill="${C.wood}" stroke="${C.woodDark}" stroke-width="6"/>` +
      `<rect x="236" y="150" width="128" height="170" rx="14" fill="${C.woodDark}"/><path d="M236 170h128M236 195h128M236 220h128M236 245h128M236 270h128M236 295h128" stroke="${C.sand}" stroke-width="5"/>` +
      `<path d="M40 250h150" stroke="${C.paper}" stroke-width="54" stroke-linecap="round"/><rect x="168" y="205" width="62" height="86" rx="24" fill="#c68e5f" stroke="${C.ink}" stroke-width="5"/>`,
  },
];

const POSTS: Art[] = [
  {
    file: 'post-grading.svg',
    alt: 'A grading in the dojo: a student performs a kata in front of the judging table',
    ...POST,
    body:
      dojoRoom(POST.w, POST.h, 500) +
      `<rect x="760" y="330" width="360" height="40" fill="${C.brand}"/><rect x="780" y="370" width="20" height="130" fill="${C.woodDark}"/><rect x="1080" y="370" width="20" height="130" fill="${C.woodDark}"/>` +
      `<g fill="${C.night}"><circle cx="850" cy="290" r="22"/><circle cx="940" cy="290" r="22"/><circle cx="1030" cy="290" r="22"/><rect x="822" y="312" width="56" height="24" rx="8"/><rect x="912" y="312" width="56" height="24" rx="8"/><rect x="1002" y="312" width="56" height="24" rx="8"/></g>` +
      figure(POSES.block, 400, 600, 2.1, { belt: C.orange, skin: '#c68e5f', hair: C.night }),
  },
  {
    file: 'post-camp.svg',
    alt: 'A training camp by a lake: a student kicks on the shore at sunrise next to a tent',
    ...POST,
    body:
      `<rect width="1200" height="630" fill="#fde68a"/><circle cx="860" cy="360" r="150" fill="${C.orange}"/>` +
      `<rect y="360" width="1200" height="130" fill="${C.lake}"/><path d="M0 490h1200v140H0z" fill="${C.green}"/>` +
      `<path d="M880 490l90-150 90 150z" fill="${C.brand}" stroke="${C.night}" stroke-width="6"/><path d="M970 340v150" stroke="${C.night}" stroke-width="5"/>` +
      figure(POSES.kick, 380, 560, 2, { belt: C.yellow, skin: '#8d5a3b', hair: C.night }),
  },
  {
    file: 'post-tournament.svg',
    alt: 'A tournament podium with three students in gi wearing gold, silver and bronze medals',
    ...POST,
    body:
      `<rect width="1200" height="630" fill="${C.tint}"/>` +
      `<rect x="470" y="360" width="260" height="270" fill="${C.brand}"/><rect x="210" y="430" width="260" height="200" fill="${C.brandStrong}"/><rect x="730" y="470" width="260" height="160" fill="${C.brandStrong}"/>` +
      `<g font-family="Georgia,serif" font-size="72" fill="${C.paper}" text-anchor="middle"><text x="600" y="470">1</text><text x="340" y="530">2</text><text x="860" y="570">3</text></g>` +
      figure(POSES.ready, 600, 362, 1.3, { belt: C.night, skin: '#c68e5f', hair: C.night }) +
      figure(POSES.ready, 340, 432, 1.3, { belt: C.blue, skin: '#f1c9a5', hair: '#a16207' }) +
      figure(POSES.ready, 860, 472, 1.3, { belt: '#16a34a', skin: '#8d5a3b', hair: C.night }) +
      `<circle cx="600" cy="170" r="14" fill="${C.gold}" stroke="${C.ink}" stroke-width="3"/><circle cx="340" cy="240" r="14" fill="#c0c0c0" stroke="${C.ink}" stroke-width="3"/><circle cx="860" cy="280" r="14" fill="#cd7f32" stroke="${C.ink}" stroke-width="3"/>`,
  },
  {
    file: 'post-timetable.svg',
    alt: 'A weekly timetable board with class slots marked in red',
    ...POST,
    body:
      `<rect width="1200" height="630" fill="${C.paperAlt}"/><rect x="150" y="80" width="900" height="470" rx="16" fill="${C.paper}" stroke="${C.ink}" stroke-width="6"/>` +
      Array.from({ length: 7 }, (_, d) =>
        Array.from({ length: 4 }, (_, s) => {
          const on = (d * 3 + s) % 4 === 0 || (d === 5 && s === 0);
          return `<rect x="${190 + d * 122}" y="${170 + s * 90}" width="100" height="64" rx="8" fill="${on ? C.brand : C.line}"/>`;
        }).join(''),
      ).join('') +
      `<g font-family="system-ui,sans-serif" font-size="28" font-weight="700" fill="${C.ink}" text-anchor="middle">${['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].map((d, i) => `<text x="${240 + i * 122}" y="140">${d}</text>`).join('')}</g>`,
  },
];

type Face = { skin: string; hair: string; style: 'bun' | 'bob' | 'short-grey'; belt: string; bg: string };
const portrait = ({ skin, hair, style, belt: beltColor, bg }: Face) => {
  const hairBack = style === 'bob' ? `<path d="M128 170c0-80 144-80 144 0v70h-144z" fill="${hair}"/>` : '';
  const hairTop =
    style === 'bun'
      ? `<circle cx="200" cy="88" r="30" fill="${hair}"/><path d="M136 168c0-70 128-70 128 0c-30-26-98-26-128 0z" fill="${hair}"/>`
      : style === 'bob'
        ? `<path d="M134 170c0-74 132-74 132 0c-40-34-92-34-132 0z" fill="${hair}"/>`
        : `<path d="M138 160c4-58 120-58 124 0c-20-20-104-20-124 0z" fill="${hair}"/><path d="M170 228c10 14 50 14 60 0" stroke="${hair}" stroke-width="8" fill="none" stroke-linecap="round"/>`;
  return (
    `<rect width="400" height="400" fill="${bg}"/>` +
    `<circle cx="200" cy="200" r="186" fill="${C.paper}" opacity=".18"/>` +
    hairBack +
    `<path d="M60 400c10-90 60-120 140-120s130 30 140 120z" fill="${C.paper}" stroke="${C.ink}" stroke-width="5"/>` +
    `<path d="M150 290l50 110M250 290l-50 110" stroke="${C.line}" stroke-width="22"/><path d="M150 290l50 110M250 290l-50 110" stroke="${C.ink}" stroke-width="3"/>` +
    `<rect x="178" y="230" width="44" height="56" fill="${skin}"/>` +
    `<ellipse cx="200" cy="180" rx="62" ry="72" fill="${skin}" stroke="${C.ink}" stroke-width="4"/>` +
    hairTop +
    `<g fill="${C.night}"><ellipse cx="178" cy="182" rx="6" ry="7"/><ellipse cx="222" cy="182" rx="6" ry="7"/></g>` +
    `<path d="M168 166h20M212 166h20" stroke="${hair}" stroke-width="5" stroke-linecap="round"/>` +
    `<path d="M184 214q16 10 32 0" stroke="${C.ink}" stroke-width="4" fill="none" stroke-linecap="round"/>` +
    `<path d="M96 392h208" stroke="${beltColor}" stroke-width="14"/>`
  );
};

const INSTRUCTORS: Art[] = [
  {
    file: 'instructor-kenji-yamada.svg',
    alt: 'Illustrated portrait of Kenji Yamada: short grey hair and moustache, white gi, black belt',
    ...PORTRAIT,
    body: portrait({ skin: '#e0b08a', hair: '#9ca3af', style: 'short-grey', belt: C.night, bg: C.brand }),
  },
  {
    file: 'instructor-maya-ito.svg',
    alt: 'Illustrated portrait of Maya Ito: dark hair in a bun, white gi, black belt',
    ...PORTRAIT,
    body: portrait({ skin: '#d9a27a', hair: C.night, style: 'bun', belt: C.night, bg: C.lake }),
  },
  {
    file: 'instructor-aiko-mori.svg',
    alt: 'Illustrated portrait of Aiko Mori: chin-length dark brown hair, white gi, black belt',
    ...PORTRAIT,
    body: portrait({ skin: '#c68e5f', hair: '#3f2a1d', style: 'bob', belt: C.night, bg: C.green }),
  },
];

export const ILLUSTRATIONS: readonly Art[] = [...COURSES, ...PRODUCTS, ...POSTS, ...INSTRUCTORS];

const dir = join(ROOT, 'web/public/images');
for (const art of ILLUSTRATIONS) writeFileSync(join(dir, art.file), svg(art.w, art.h, art.alt, art.body));

const alts = Object.fromEntries(ILLUSTRATIONS.map((a) => [`/images/${a.file}`, a.alt]));
const altsFile = join(ROOT, 'web/components/illustrations.ts');
const altsSource =
  `// Written by scripts/make-illustrations.ts: what each of the seed's drawings shows.\n` +
  `export const ILLUSTRATION_ALT: Readonly<Record<string, string>> = ${JSON.stringify(alts, null, 2)};\n\n` +
  `/** The alt text of an image: the drawing's description when it is one of ours, else the fallback (the item's name). */\n` +
  `export const describeImage = (src: string, fallback: string): string => ILLUSTRATION_ALT[src] ?? fallback;\n`;
writeFileSync(altsFile, await format(altsSource, { ...(await resolveConfig(altsFile)), filepath: altsFile }));
console.log(`${ILLUSTRATIONS.length} illustrations in web/public/images`);
