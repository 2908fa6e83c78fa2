import { describe, expect, it } from 'vitest';
import { checkSignature } from './signature-image.ts';

const svg = (inner: string, root = 'viewBox="0 0 300 100"') =>
  `data:image/svg+xml;base64,${btoa(`<svg xmlns="http://www.w3.org/2000/svg" ${root}>${inner}</svg>`)}`;

describe('checkSignature', () => {
  it('accepts the pad’s SVG and gives its paths and box', () => {
    const check = checkSignature(
      svg('<title>Signature</title><g><path d="M1 2 L3 4" fill="none" stroke="black"/></g><path d="M5 6"></path>'),
    );
    expect(check).toMatchObject({
      ok: true,
      image: { kind: 'svg', paths: ['M1 2 L3 4', 'M5 6'], box: { x: 0, y: 0, width: 300, height: 100 } },
    });
    expect(checkSignature(svg('<path d="M0 0"/>', 'width="200" height="50"'))).toMatchObject({
      ok: true,
      image: { box: { width: 200, height: 50 } },
    });
  });

  it.each([
    ['a script', '<script>alert(1)</script>'],
    ['a script in CDATA', '<path d="M0 0"/><![CDATA[<script>x</script>]]>'],
    ['foreignObject', '<foreignObject><div/></foreignObject>'],
    ['an event attribute', '<path d="M0 0" onclick="x()"/>'],
    ['an external href', '<path d="M0 0" href="https://x.example"/>'],
    ['an xlink:href', '<path d="M0 0" xlink:href="#a"/>'],
    ['a style with url()', '<path d="M0 0" style="fill:url(https://x.example)"/>'],
    ['a url() paint', '<path d="M0 0" fill="url(https://x.example/#a)"/>'],
    ['an image', '<image href="x.png"/>'],
    ['a use', '<use href="#a"/>'],
    ['text after the root', '<path d="M0 0"/></svg><script>x</script><svg>'],
    ['an unclosed element', '<g><path d="M0 0"/>'],
  ])('refuses an SVG with %s', (_, inner) => {
    expect(checkSignature(svg(inner))).toEqual({ ok: false, reason: 'notImage' });
  });

  it('refuses an SVG without a size, an HTML root, and a PNG without its magic or header', () => {
    expect(checkSignature(svg('<path d="M0 0"/>', ''))).toEqual({ ok: false, reason: 'notImage' });
    expect(checkSignature(`data:image/svg+xml;base64,${btoa('<html><svg viewBox="0 0 1 1"/></html>')}`)).toEqual({
      ok: false,
      reason: 'notImage',
    });
    expect(checkSignature(`data:image/png;base64,${btoa('\x89PNG\r\n\x1a\n' + 'x'.repeat(30))}`)).toEqual({
      ok: false,
      reason: 'notImage',
    });
    expect(checkSignature('data:image/gif;base64,R0lGODlh')).toEqual({ ok: false, reason: 'notImage' });
    expect(checkSignature('not a data url')).toEqual({ ok: false, reason: 'notImage' });
  });

  it('judges the size on the decoded bytes, before decoding', () => {
    const b64 = (n: number) => btoa('a'.repeat(n));
    expect(checkSignature(`data:image/png;base64,${b64(100_001)}`)).toEqual({ ok: false, reason: 'tooLarge' });
    expect(checkSignature(`data:image/png;base64,${b64(100_000)}`)).toEqual({ ok: false, reason: 'notImage' });
  });
});
