import { useRef, useState, type PointerEvent } from 'react';
import { PAD, strokePath, worthAdding, type Point, type Stroke } from './signature-svg.ts';

type Props = { id: string; strokes: readonly Stroke[]; onChange: (strokes: Stroke[]) => void; disabled?: boolean };

/**
 * Draw a signature with a finger, a pen or a mouse (pointer events; the pad takes no scrolling, touch-action
 * none). Keyboard and screen-reader users can leave it empty: the typed name signs on its own, and the pad says so.
 */
export function SignaturePad({ id, strokes, onChange, disabled = false }: Props) {
  const svg = useRef<SVGSVGElement>(null);
  const [drawing, setDrawing] = useState<Point[] | null>(null);

  const toPad = (e: { clientX: number; clientY: number }): Point => {
    const r = svg.current!.getBoundingClientRect();
    return [((e.clientX - r.left) / r.width) * PAD.width, ((e.clientY - r.top) / r.height) * PAD.height];
  };

  function down(e: PointerEvent<SVGSVGElement>) {
    if (disabled || (e.pointerType === 'mouse' && e.button !== 0)) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    setDrawing([toPad(e)]);
  }
  function move(e: PointerEvent<SVGSVGElement>) {
    if (!drawing) return;
    const events = e.nativeEvent.getCoalescedEvents?.() ?? [];
    const next = [...drawing];
    for (const ev of events.length ? events : [e.nativeEvent]) {
      const p = toPad(ev);
      if (worthAdding(next, p)) next.push(p);
    }
    setDrawing(next);
  }
  function up() {
    if (!drawing) return;
    onChange([...strokes, drawing]);
    setDrawing(null);
  }

  const empty = strokes.length === 0 && !drawing;
  return (
    <div className="signature-pad field">
      <p id={`${id}-label`} className="signature-label">
        Signature<span className="field-optional"> (optional)</span>
      </p>
      <p id={`${id}-hint`} className="field-hint">
        Draw with a finger, a pen or the mouse. Using a keyboard or a screen reader? Skip the pad: your typed name above is your signature.
      </p>
      <div
        className="signature-surface"
        tabIndex={0}
        role="group"
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        data-empty={empty ? '' : undefined}
      >
        <svg
          ref={svg}
          id={id}
          viewBox={`0 0 ${PAD.width} ${PAD.height}`}
          aria-hidden="true"
          focusable="false"
          onPointerDown={down}
          onPointerMove={move}
          onPointerUp={up}
          onPointerCancel={up}
        >
          <line className="signature-baseline" x1="24" y1={PAD.height - 40} x2={PAD.width - 24} y2={PAD.height - 40} />
          {[...strokes, ...(drawing ? [drawing] : [])].map((s, i) => (
            <path key={i} d={strokePath(s)} />
          ))}
        </svg>
        {empty && (
          <span className="signature-placeholder" aria-hidden="true">
            Sign here
          </span>
        )}
      </div>
      <p id={`${id}-status`} className="muted small" role="status">
        {strokes.length ? 'Signature drawn.' : ''}
      </p>
      <button type="button" className="btn btn-secondary btn-sm" onClick={() => onChange([])} disabled={disabled || strokes.length === 0}>
        Clear<span className="visually-hidden"> the signature</span>
      </button>
    </div>
  );
}
