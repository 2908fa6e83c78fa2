import { describe, expect, it } from 'vitest';
import { CANADIAN_PROVINCES, provinceCode } from './provinces.ts';

describe('Canadian provinces and territories', () => {
  it('lists the 10 provinces and 3 territories once each, by code', () => {
    expect(CANADIAN_PROVINCES).toHaveLength(13);
    expect(new Set(CANADIAN_PROVINCES.map((p) => p.code)).size).toBe(13);
  });
  it('reads a stored code or name as the code, and nothing else', () => {
    expect(provinceCode('BC')).toBe('BC');
    expect(provinceCode('british columbia')).toBe('BC');
    expect(provinceCode(' Q.C. ')).toBe('QC');
    expect(provinceCode('California')).toBeNull();
    expect(provinceCode(undefined)).toBeNull();
  });
});
