import { describe, expect, it } from 'vitest';
import { DayField } from './class-schemas.ts';
import { CreateCourseSchema } from './course-schemas.ts';
import { PlanSchema } from './membership-schemas.ts';
import { sortParam } from './query.ts';
import { nextFreeSlug, slugify } from '#core/slug.ts';
import { timeStatus } from './time-status.ts';

describe('slugs', () => {
  it('makes URL-safe slugs from any title, never empty', () => {
    expect(slugify('Kids Karaté (6–9)')).toBe('kids-karate-6-9');
    expect(slugify('  --Black   Belt!! Prep-- ')).toBe('black-belt-prep');
    expect(slugify('空手', 'course')).toBe('course');
    expect(slugify('x'.repeat(200))).toHaveLength(80);
  });

  it('picks the first free numbered slug', () => {
    expect(nextFreeSlug('kata', [])).toBe('kata');
    expect(nextFreeSlug('kata', ['kata', 'kata-2', 'kata-4'])).toBe('kata-3');
    expect(nextFreeSlug('admin', [])).toBe('admin-2');
  });
});

describe('catalog parsing', () => {
  it('reads a day of the week as 0–6 or a day name', () => {
    expect(DayField.parse('mon')).toBe(1);
    expect(DayField.parse('Sunday')).toBe(0);
    expect(DayField.parse(6)).toBe(6);
    expect(DayField.safeParse(7).success).toBe(false);
    expect(DayField.safeParse('mo').success).toBe(false);
  });

  it('parses sort as field or -field among the allowed ones', () => {
    const s = sortParam(['a', 'b'] as const, { field: 'a', direction: 'asc' });
    expect(s.parse('-b')).toEqual({ field: 'b', direction: 'desc' });
    expect(s.parse(undefined)).toEqual({ field: 'a', direction: 'asc' });
    expect(s.safeParse('c').success).toBe(false);
  });
});

describe('catalog schemas', () => {
  it('refuses a course discount above its price', () => {
    const r = CreateCourseSchema.safeParse({ title: 'T', price: 10, discountPrice: 10.01 });
    expect(r.error?.issues[0]).toMatchObject({ path: ['discountPrice'], message: 'Discount price cannot be greater than the price' });
  });

  it('reads a plan with planId or _id', () => {
    expect(PlanSchema.parse({ _id: 'p1', name: 'Monthly', durationMonths: '1', price: '10' })).toMatchObject({
      planId: 'p1',
      price: 1000,
      durationMonths: 1,
    });
  });
});

describe('timeStatus', () => {
  it('tells upcoming, ongoing and past apart', () => {
    const at = (iso: string) => new Date(iso);
    const now = Date.parse('2030-01-10T12:00:00Z');
    expect(timeStatus(at('2030-01-11T00:00:00Z'), at('2030-01-11T02:00:00Z'), now)).toBe('upcoming');
    expect(timeStatus(at('2030-01-10T10:00:00Z'), at('2030-01-10T14:00:00Z'), now)).toBe('ongoing');
    expect(timeStatus(at('2030-01-09T10:00:00Z'), at('2030-01-09T14:00:00Z'), now)).toBe('past');
  });
});
