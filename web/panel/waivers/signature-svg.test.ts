import { describe, expect, it } from 'vitest';
import { signatureSvg, strokePath, svgDataUrl, worthAdding } from './signature-svg.ts';

describe('the drawn signature', () => {
  it('turns strokes into path data, a lone point into a dot', () => {
    expect(
      strokePath([
        [10, 20],
        [30.26, 40],
      ]),
    ).toBe('M10 20L30.3 40');
    expect(strokePath([[5, 5]])).toBe('M5 5l0.1 0');
    expect(strokePath([])).toBe('');
  });

  it('is an SVG of <path d> elements only, in a base64 data URL', () => {
    const svg = signatureSvg([
      [
        [1, 1],
        [9, 9],
      ],
      [[2, 2]],
    ]);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    const inner = svg.slice(svg.indexOf('>') + 1, svg.lastIndexOf('</svg>'));
    expect(inner).toBe('<path d="M1 1L9 9"/><path d="M2 2l0.1 0"/>');
    const url = svgDataUrl(svg);
    expect(url.startsWith('data:image/svg+xml;base64,')).toBe(true);
    expect(atob(url.split(',')[1]!)).toBe(svg);
  });

  it('drops points too close to the last one', () => {
    expect(worthAdding([[0, 0]], [1, 0])).toBe(false);
    expect(worthAdding([[0, 0]], [2, 0])).toBe(true);
    expect(worthAdding([], [0, 0])).toBe(true);
  });
});
