import { writeFileSync } from 'node:fs';
import { generate } from 'lean-qr';

/**
 * A video for Chromium's fake camera (`--use-file-for-fake-video-capture`): YUV4MPEG2, 4:2:0, the QR code
 * of `text` drawn by lean-qr for `on` frames, then a blank picture for `off` frames; Chromium loops it, so
 * the code leaves the view and comes back (a second scan).
 */
export function writeQrVideo(path: string, text: string, { width = 640, height = 480, fps = 5, on = 10, off = 10 } = {}) {
  const code = generate(text);
  const quiet = 4;
  const modules = code.size + quiet * 2;
  const scale = Math.floor((Math.min(width, height) * 0.8) / modules);
  const left = Math.floor((width - modules * scale) / 2);
  const top = Math.floor((height - modules * scale) / 2);
  const WHITE = 235;
  const BLACK = 16;
  const blank = new Uint8Array(width * height).fill(WHITE);
  const qr = blank.slice();
  for (let y = 0; y < modules * scale; y++)
    for (let x = 0; x < modules * scale; x++) {
      const mx = Math.floor(x / scale) - quiet;
      const my = Math.floor(y / scale) - quiet;
      if (mx >= 0 && my >= 0 && mx < code.size && my < code.size && code.get(mx, my)) qr[(top + y) * width + left + x] = BLACK;
    }
  const chroma = new Uint8Array((width / 2) * (height / 2) * 2).fill(128);
  const frame = Buffer.from('FRAME\n');
  const parts: Uint8Array[] = [Buffer.from(`YUV4MPEG2 W${width} H${height} F${fps}:1 Ip A1:1 C420jpeg\n`)];
  for (let i = 0; i < on + off; i++) parts.push(frame, i < on ? qr : blank, chroma);
  writeFileSync(path, Buffer.concat(parts));
}
