import { describe, expect, it } from 'vitest';
import { GRADES, gradeRank, isGrade, normalizeGrade } from './grades.ts';

describe('normalizeGrade', () => {
  it('maps the spellings admins type to the list', () => {
    expect(normalizeGrade('White')).toBe('white');
    expect(normalizeGrade('  green belt ')).toBe('green');
    expect(normalizeGrade('Black')).toBe('black-1');
    expect(normalizeGrade('black 2')).toBe('black-2');
    expect(normalizeGrade('Black_3rd dan')).toBe('black-3');
    expect(normalizeGrade('black-10')).toBe('black-10');
  });

  it('keeps unknown text unknown and non-strings empty', () => {
    expect(normalizeGrade('rainbow')).toBe('rainbow');
    expect(isGrade(normalizeGrade('rainbow'))).toBe(false);
    expect(normalizeGrade(undefined)).toBe('');
    expect(normalizeGrade(42)).toBe('');
  });

  it('ranks grades in teaching order, unknown last', () => {
    expect(gradeRank('white')).toBe(0);
    expect(gradeRank('black-1')).toBeGreaterThan(gradeRank('brown'));
    expect(gradeRank('nope')).toBe(GRADES.length);
  });
});
