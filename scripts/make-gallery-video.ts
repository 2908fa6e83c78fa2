import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { C, dojoRoom, figure, mix, POSES, svg, type Pose } from './lib/karate-art.ts';
import { ROOT } from './lib/paths.ts';

/**
 * `node scripts/make-gallery-video.ts`: the gallery's short video, a karateka's kata sequence in the dojo
 * (6 s, silent, so no captions), drawn with the illustrations' kit, rasterised frame by frame in headless
 * Chromium and encoded by ffmpeg (Debian: `apt-get install ffmpeg`) to VP9 WebM, with a WebP poster.
 */
const W = 960;
const H = 540;
const FPS = 24;
const SECONDS = 6;
const OUT_DIR = join(ROOT, 'web/public/video');
const NAME = 'kata-sequence';
const POSTER_AT = 2.9;

/** Time (s), pose and where the feet stand: ready, bow, block, step into a punch, guard, front kick, ready. */
const KEYS: [number, Pose, number][] = [
  [0, POSES.ready, 420],
  [0.5, POSES.ready, 420],
  [1.1, POSES.bow, 420],
  [1.6, POSES.ready, 420],
  [2.2, POSES.block, 440],
  [2.7, POSES.punch, 500],
  [3.2, POSES.punch, 500],
  [3.7, POSES.guard, 500],
  [4.3, POSES.kick, 520],
  [4.8, POSES.guard, 520],
  [5.5, POSES.ready, 480],
  [6, POSES.ready, 480],
];

const ease = (t: number) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);

function frameAt(time: number): string {
  const i = Math.max(
    0,
    KEYS.findIndex(([t], k) => time >= t && time <= (KEYS[k + 1]?.[0] ?? Infinity)),
  );
  const [t0, p0, x0] = KEYS[i]!;
  const [t1, p1, x1] = KEYS[Math.min(i + 1, KEYS.length - 1)]!;
  const k = t1 > t0 ? ease((time - t0) / (t1 - t0)) : 0;
  const x = x0 + (x1 - x0) * k;
  const floor = 430;
  return svg(
    W,
    H,
    'A karateka performs a short kata sequence in the dojo',
    dojoRoom(W, H, floor - 60) +
      `<rect x="${W / 2 - 60}" y="60" width="120" height="200" fill="${C.paper}" stroke="${C.ink}" stroke-width="4"/>` +
      `<circle cx="${W / 2}" cy="140" r="34" fill="none" stroke="${C.brand}" stroke-width="10"/>` +
      `<ellipse cx="${x}" cy="${floor + 72}" rx="110" ry="14" fill="${C.night}" opacity=".25"/>` +
      figure(mix(p0, p1, k), x, floor + 70, 1.9, { belt: C.night, skin: '#c68e5f', hair: C.night }),
  );
}

const work = mkdtempSync(join(tmpdir(), 'dojo-video-'));
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const page = await browser.newPage();
  await page.setContent(`<canvas width="${W}" height="${H}"></canvas>`);
  const render = (markup: string, type: string) =>
    page.evaluate(
      async ([m, t]) => {
        const img = new Image();
        img.src = `data:image/svg+xml;base64,${btoa(unescape(encodeURIComponent(m!)))}`;
        await img.decode();
        const canvas = document.querySelector('canvas')!;
        canvas.getContext('2d')!.drawImage(img, 0, 0);
        return canvas.toDataURL(t!, 0.82).split(',')[1]!;
      },
      [markup, type],
    );
  const frames = FPS * SECONDS;
  for (let f = 0; f < frames; f++) {
    const png = await render(frameAt(f / FPS), 'image/png');
    writeFileSync(join(work, `f${String(f).padStart(4, '0')}.png`), Buffer.from(png, 'base64'));
  }
  mkdirSync(OUT_DIR, { recursive: true });
  writeFileSync(join(OUT_DIR, `${NAME}.webp`), Buffer.from(await render(frameAt(POSTER_AT), 'image/webp'), 'base64'));
  // VP9 at constant quality; a key frame every 2 s keeps seeking quick; cues first for playback before the file ends.
  // prettier-ignore
  execFileSync('ffmpeg', [
    '-y', '-loglevel', 'error', '-framerate', String(FPS), '-i', join(work, 'f%04d.png'),
    '-c:v', 'libvpx-vp9', '-crf', '38', '-b:v', '0', '-pix_fmt', 'yuv420p', '-row-mt', '1', '-g', String(FPS * 2),
    '-an', '-cues_to_front', '1', '-metadata', 'title=Kata sequence', join(OUT_DIR, `${NAME}.webm`),
  ]);
} finally {
  await browser.close();
  rmSync(work, { recursive: true, force: true });
}
for (const ext of ['webm', 'webp'])
  console.log(`web/public/video/${NAME}.${ext}: ${(statSync(join(OUT_DIR, `${NAME}.${ext}`)).size / 1024).toFixed(1)} KB`);
