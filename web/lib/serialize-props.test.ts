import { describe, expect, it } from 'vitest';
import { serializeProps } from './serialize-props.ts';

describe('serializeProps', () => {
  it('cannot be broken out of by a prop holding </script> or line separators', () => {
    const hostile = { text: '</script><script>alert(1)</script>', amp: 'a & b > c', ls: 'x\u2028y\u2029z' };
    const out = serializeProps(hostile);
    expect(out).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(out)).toEqual(hostile);
  });

  it('serialises missing props as an empty object', () => {
    expect(serializeProps(undefined)).toBe('{}');
  });
});
