import { qrDetector } from './qr-detector.ts';

/** A code that stays in front of the camera is one scan; it counts again once it has been out of view this long. */
export const SAME_CODE_GAP_MS = 1_500;
const EVERY_MS = 200;

/** Reports a code when it is new or has been out of view for SAME_CODE_GAP_MS; remembers when each was last seen. */
export function sameCodeFilter(gapMs = SAME_CODE_GAP_MS) {
  let last = '';
  let lastSeen = -Infinity;
  return (text: string, now: number): boolean => {
    const fresh = text !== last || now - lastSeen > gapMs;
    last = text;
    lastSeen = now;
    return fresh;
  };
}

/** Opens the camera (the front one, facing the member) into `video` and reads QR codes until the returned stop is called. */
export async function startCameraScan(video: HTMLVideoElement, onCode: (text: string) => void): Promise<() => void> {
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'user' } }, audio: false });
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  };
  try {
    video.srcObject = stream;
    await video.play();
    const detector = await qrDetector();
    const isNew = sameCodeFilter();
    const tick = async () => {
      if (stopped) return;
      if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
        const found = await detector.detect(video).catch(() => []);
        const text = found[0]?.rawValue;
        if (text && !stopped && isNew(text, Date.now())) onCode(text);
      }
      timer = setTimeout(() => void tick(), EVERY_MS);
    };
    void tick();
  } catch (err) {
    stop();
    throw err;
  }
  return stop;
}
