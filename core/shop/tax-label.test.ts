import { describe, expect, it } from 'vitest';
import { taxLabel } from './tax-label.ts';

describe('taxLabel (one tax label everywhere)', () => {
  it('names the tax and the rate when every line shares it', () => {
    expect(taxLabel('GST', [5, 5])).toBe('Tax (GST 5%)');
    expect(taxLabel('', [12])).toBe('Tax (12%)');
  });
  it('drops the rate when the lines differ, and says Tax alone with nothing to add', () => {
    expect(taxLabel('GST/PST', [12, 5])).toBe('Tax (GST/PST)');
    expect(taxLabel(' ', [12, 5])).toBe('Tax');
    expect(taxLabel('', [])).toBe('Tax');
  });
});
