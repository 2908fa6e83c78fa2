import { useEffect, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { cropPercent, cropRange, minCropSize, moveCrop, resizeCrop, type Crop } from '#web/lib/image-crop.ts';

type CropEditorProps = { image: HTMLImageElement; crop: Crop; onChange: (crop: Crop) => void };

/**
 * The picture with a square frame over it: drag the frame, or move it with the arrow keys (Shift: faster);
 * the sliders size and place it, so every move has a keyboard and a screen-reader way.
 */
export function CropEditor({ image, crop, onChange }: CropEditorProps) {
  const w = image.naturalWidth;
  const h = image.naturalHeight;
  const drag = useRef<{ x: number; y: number; crop: Crop; scale: number } | null>(null);
  const preview = useRef<HTMLCanvasElement>(null);
  const range = cropRange(crop, w, h);
  const frame = cropPercent(crop, w, h);
  const step = Math.max(1, Math.round(Math.min(w, h) / 50));

  useEffect(() => {
    const ctx = preview.current?.getContext('2d');
    if (!ctx) return;
    ctx.clearRect(0, 0, 96, 96);
    ctx.drawImage(image, crop.x, crop.y, crop.size, crop.size, 0, 0, 96, 96);
  }, [image, crop]);

  function onPointerDown(e: PointerEvent<HTMLDivElement>) {
    const box = e.currentTarget.parentElement?.getBoundingClientRect();
    if (!box) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, y: e.clientY, crop, scale: w / box.width };
  }
  function onPointerMove(e: PointerEvent<HTMLDivElement>) {
    const d = drag.current;
    if (!d) return;
    onChange(moveCrop(d.crop, (e.clientX - d.x) * d.scale, (e.clientY - d.y) * d.scale, w, h));
  }
  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const by = e.shiftKey ? step * 10 : step;
    const moves: Record<string, [number, number]> = { ArrowLeft: [-by, 0], ArrowRight: [by, 0], ArrowUp: [0, -by], ArrowDown: [0, by] };
    const move = moves[e.key];
    if (move) {
      e.preventDefault();
      onChange(moveCrop(crop, move[0], move[1], w, h));
    } else if (e.key === '+' || e.key === '=' || e.key === '-') {
      e.preventDefault();
      onChange(resizeCrop(crop, crop.size + (e.key === '-' ? -step * 2 : step * 2), w, h));
    }
  }

  return (
    <div className="crop-editor">
      <div className="crop-stage">
        <img src={image.src} alt="The picture you chose" className="crop-image" draggable={false} />
        <div
          className="crop-frame"
          role="group"
          tabIndex={0}
          aria-label="Crop frame: arrow keys move it, plus and minus resize it"
          style={{ left: `${frame.left}%`, top: `${frame.top}%`, width: `${frame.width}%`, height: `${frame.height}%` }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={() => (drag.current = null)}
          onPointerCancel={() => (drag.current = null)}
          onKeyDown={onKeyDown}
        />
      </div>
      <div className="crop-controls">
        <canvas ref={preview} width={96} height={96} className="crop-preview" role="img" aria-label="Preview of the cropped picture" />
        <label htmlFor="crop-size">Size</label>
        <input
          id="crop-size"
          type="range"
          min={minCropSize(w, h)}
          max={Math.min(w, h)}
          value={crop.size}
          onChange={(e) => onChange(resizeCrop(crop, Number(e.target.value), w, h))}
        />
        <label htmlFor="crop-x">Left to right</label>
        <input
          id="crop-x"
          type="range"
          min={0}
          max={range.x}
          value={crop.x}
          disabled={range.x === 0}
          onChange={(e) => onChange(moveCrop(crop, Number(e.target.value) - crop.x, 0, w, h))}
        />
        <label htmlFor="crop-y">Top to bottom</label>
        <input
          id="crop-y"
          type="range"
          min={0}
          max={range.y}
          value={crop.y}
          disabled={range.y === 0}
          onChange={(e) => onChange(moveCrop(crop, 0, Number(e.target.value) - crop.y, w, h))}
        />
      </div>
    </div>
  );
}
