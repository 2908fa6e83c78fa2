import { describe, expect, it } from 'vitest';
import { ageOn, daysSince, evaluateEligibility, type EligibilityFacts } from './eligibility.ts';
import { RequirementSchema, type Requirement } from './requirements.ts';

const ZONE = 'America/Toronto';
const at = (iso: string) => Date.parse(iso);
const req = (type: Requirement['type'], value: number | null = null, mode: Requirement['mode'] = 'gate'): Requirement => ({
  type,
  mode,
  value,
});
const facts = (over: Partial<EligibilityFacts> = {}): EligibilityFacts => ({
  rankAwardedOn: '2026-09-01',
  startedOn: '2025-01-10',
  classesAttended: 18,
  classesExpected: 24,
  stripes: 2,
  techniquesPassed: 5,
  birthDate: '2015-06-15',
  instructorApproved: false,
  membershipActive: true,
  ...over,
});

describe('daysSince and ageOn count calendar days of the school', () => {
  it('turns the day over at the school’s midnight, not UTC’s', () => {
    // 03:30 UTC on 1 Nov is still 31 Oct in Toronto (UTC−4).
    expect(daysSince('2026-10-01', at('2026-11-01T03:30:00Z'), ZONE)).toBe(30);
    expect(daysSince('2026-10-01', at('2026-11-01T04:30:00Z'), ZONE)).toBe(31);
  });

  it('is one day per date across a clock change (a 23-hour day counts once)', () => {
    expect(daysSince('2027-03-13', at('2027-03-15T12:00:00Z'), ZONE)).toBe(2);
  });

  it('counts completed years, a birthday counting from its own morning', () => {
    expect(ageOn('2015-06-15', at('2026-06-15T03:00:00Z'), ZONE)).toBe(10); // still 14 June in Toronto
    expect(ageOn('2015-06-15', at('2026-06-15T05:00:00Z'), ZONE)).toBe(11);
    expect(ageOn('2012-02-29', at('2027-02-28T17:00:00Z'), ZONE)).toBe(14);
    expect(ageOn('2012-02-29', at('2027-03-01T17:00:00Z'), ZONE)).toBe(15);
  });
});

describe('evaluateEligibility', () => {
  const now = at('2026-11-27T17:00:00Z');

  it('answers each requirement with required, actual, met and what remains, in the order given', () => {
    const { eligible, checks } = evaluateEligibility(
      [req('min_classes', 24), req('min_days', 60), req('techniques_passed', 7), req('min_stripes', 2)],
      facts(),
      now,
      ZONE,
    );
    expect(checks).toEqual([
      { type: 'min_classes', mode: 'gate', required: 24, actual: 18, met: false, remaining: 6 },
      { type: 'min_days', mode: 'gate', required: 60, actual: 87, met: true, remaining: 0 },
      { type: 'techniques_passed', mode: 'gate', required: 7, actual: 5, met: false, remaining: 2 },
      { type: 'min_stripes', mode: 'gate', required: 2, actual: 2, met: true, remaining: 0 },
    ]);
    expect(eligible).toBe(false);
  });

  it('is eligible when every gate is met, whatever the advisories say', () => {
    const result = evaluateEligibility([req('min_classes', 10), req('instructor_approval', null, 'advisory')], facts(), now, ZONE);
    expect(result.eligible).toBe(true);
    expect(result.checks[1]).toEqual({
      type: 'instructor_approval',
      mode: 'advisory',
      required: true,
      actual: false,
      met: false,
      remaining: null,
    });
    expect(evaluateEligibility([], facts(), now, ZONE).eligible).toBe(true);
  });

  it('counts days from the start of training when there is no award yet', () => {
    const [days] = evaluateEligibility([req('min_days', 30)], facts({ rankAwardedOn: null, startedOn: '2026-11-20' }), now, ZONE).checks;
    expect(days).toMatchObject({ actual: 7, met: false, remaining: 23 });
  });

  it('takes the attendance rate as attended over expected, in whole percent, and has none before any booking', () => {
    expect(evaluateEligibility([req('min_attendance_rate', 75)], facts(), now, ZONE).checks[0]).toMatchObject({ actual: 75, met: true });
    expect(evaluateEligibility([req('min_attendance_rate', 80)], facts(), now, ZONE).checks[0]).toMatchObject({
      actual: 75,
      met: false,
      remaining: 5,
    });
    // Walk-ins above the booked count never make a rate over 100.
    expect(evaluateEligibility([req('min_attendance_rate', 100)], facts({ classesAttended: 30 }), now, ZONE).checks[0]).toMatchObject({
      actual: 100,
      met: true,
    });
    expect(evaluateEligibility([req('min_attendance_rate', 50)], facts({ classesExpected: 0 }), now, ZONE).checks[0]).toMatchObject({
      actual: null,
      met: false,
      remaining: null,
    });
  });

  it('checks ages on the school’s calendar and never guesses an unknown birth date', () => {
    expect(evaluateEligibility([req('min_age', 11)], facts(), now, ZONE).checks[0]).toMatchObject({ actual: 11, met: true });
    expect(evaluateEligibility([req('max_age', 10)], facts(), now, ZONE).checks[0]).toMatchObject({
      actual: 11,
      met: false,
      remaining: null,
    });
    const unknown = evaluateEligibility([req('min_age', 6), req('max_age', 12)], facts({ birthDate: null }), now, ZONE);
    expect(unknown.checks.map((c) => [c.actual, c.met])).toEqual([
      [null, false],
      [null, false],
    ]);
    expect(unknown.eligible).toBe(false);
  });

  it('asks for an active membership as a yes or no', () => {
    expect(evaluateEligibility([req('active_membership')], facts({ membershipActive: false }), now, ZONE)).toEqual({
      eligible: false,
      checks: [{ type: 'active_membership', mode: 'gate', required: true, actual: false, met: false, remaining: null }],
    });
  });
});

describe('RequirementSchema', () => {
  const parse = (input: unknown) => RequirementSchema.safeParse(input);
  const problems = (input: unknown) => {
    const r = parse(input);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('reads a requirement, gate by default', () => {
    expect(parse({ type: 'min_classes', value: 24 })).toEqual({ success: true, data: { type: 'min_classes', mode: 'gate', value: 24 } });
    expect(parse({ type: 'instructor_approval', mode: 'advisory' })).toEqual({
      success: true,
      data: { type: 'instructor_approval', mode: 'advisory', value: null },
    });
  });

  it('names the field of what it refuses', () => {
    expect(problems({ type: 'min_belts', value: 1 })).toEqual([
      'type: type must be one of: min_days, min_classes, min_attendance_rate, min_stripes, techniques_passed, min_age, max_age, instructor_approval, active_membership',
    ]);
    expect(problems({ type: 'min_days', mode: 'sometimes', value: 3 })).toEqual(['mode: mode must be one of: gate, advisory']);
    expect(problems({ type: 'min_days' })).toEqual(['value: value is required for this type of requirement']);
    expect(problems({ type: 'min_days', value: 2.5 })).toEqual(['value: value must be a whole number from 0 to 100000']);
    expect(problems({ type: 'min_attendance_rate', value: 120 })).toEqual(['value: value must be a percentage from 1 to 100']);
    expect(problems({ type: 'active_membership', value: 1 })).toEqual(['value: value is not taken by this type of requirement']);
  });
});
