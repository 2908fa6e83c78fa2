import { useEffect, useRef, useState } from 'react';
import { startCameraScan } from './camera-scan.ts';
import { KIOSK_MESSAGES } from './kiosk-messages.ts';

type CameraState = 'starting' | 'scanning' | 'off';

/** The camera's picture with the QR reader running on it; without a camera the keypad and a scanner still work. */
export function KioskCamera({ onCode, paused }: { onCode: (text: string) => void; paused: boolean }) {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>('starting');
  const latest = useRef({ onCode, paused });
  latest.current = { onCode, paused };

  useEffect(() => {
    const el = video.current;
    if (!el || !navigator.mediaDevices?.getUserMedia) return setState('off');
    let stop: (() => void) | null = null;
    let live = true;
    startCameraScan(el, (text) => {
      if (!latest.current.paused) latest.current.onCode(text);
    }).then(
      (s) => {
        if (!live) return s();
        stop = s;
        setState('scanning');
      },
      () => live && setState('off'),
    );
    return () => {
      live = false;
      stop?.();
    };
  }, []);

  return (
    <section className="kiosk-camera" aria-labelledby="kiosk-camera-title" data-camera={state}>
      <h2 id="kiosk-camera-title">{KIOSK_MESSAGES.scanHint}</h2>
      <div className="kiosk-video">
        <video ref={video} muted playsInline aria-hidden="true" />
        {state === 'off' && <p className="kiosk-note">{KIOSK_MESSAGES.cameraOff}</p>}
      </div>
    </section>
  );
}
