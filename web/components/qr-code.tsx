import { useMemo } from 'react';
import { correction, generate } from 'lean-qr';
import { toSvgPath } from 'lean-qr/extras/svg';

const QUIET_ZONE = 4;

/**
 * A QR code drawn by lean-qr as inline SVG: black on white with the standard 4-module quiet zone,
 * crisp at any size, rendered on the server too (no canvas, nothing fetched), so it shows offline.
 */
export function QrCode({ text, label, className }: { text: string; label: string; className?: string }) {
  const { size, path } = useMemo(() => {
    const code = generate(text, { minCorrectionLevel: correction.M });
    return { size: code.size + QUIET_ZONE * 2, path: toSvgPath(code) };
  }, [text]);
  return (
    <svg
      className={`qr-code ${className ?? ''}`}
      role="img"
      aria-label={label}
      viewBox={`${-QUIET_ZONE} ${-QUIET_ZONE} ${size} ${size}`}
      shapeRendering="crispEdges"
      xmlns="http://www.w3.org/2000/svg"
    >
      <rect x={-QUIET_ZONE} y={-QUIET_ZONE} width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
