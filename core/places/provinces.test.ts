import { describe, expect, it } from 'vitest';
import { canadianPostalCode, CANADIAN_PROVINCES, isCanada, provinceCode } from './provinces.ts';

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
  it('writes postal codes as Canada Post does, refusing impossible letters', () => {
    expect(canadianPostalCode('v5k0a1')).toBe('V5K 0A1');
    expect(canadianPostalCode('M5V-1A1')).toBe('M5V 1A1');
    expect(canadianPostalCode('D5K 0A1')).toBeNull();
    expect(canadianPostalCode('W5K 0A1')).toBeNull();
    expect(canadianPostalCode('90210')).toBeNull();
  });
  it('knows Canada by name or code', () => {
    expect(isCanada('canada')).toBe(true);
    expect(isCanada('CA')).toBe(true);
    expect(isCanada('Canadia')).toBe(false);
    expect(isCanada(undefined)).toBe(false);
  });
});
