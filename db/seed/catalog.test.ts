import { describe, expect, it } from 'vitest';
import { DEMO_CLASSES, DEMO_COURSES, DEMO_MEMBERSHIPS, DEMO_PLANS } from './catalog.ts';
import { demoEvents, demoSeminars } from './schedule.ts';

describe('the demo catalog', () => {
  it('has 6 courses in CAD, some discounted below their price, 2–3 featured', () => {
    expect(DEMO_COURSES).toHaveLength(6);
    const featured = DEMO_COURSES.filter((c) => c.featured).length;
    expect(featured).toBeGreaterThanOrEqual(2);
    expect(featured).toBeLessThanOrEqual(3);
    const discounted = DEMO_COURSES.filter((c) => c.discountPriceCents != null);
    expect(discounted.length).toBeGreaterThan(0);
    for (const c of discounted) expect(c.discountPriceCents!).toBeLessThan(c.priceCents!);
    expect(new Set(DEMO_COURSES.map((c) => c.slug)).size).toBe(6);
  });

  it('has Basic, Standard and Family memberships, each with a Monthly and an Annual plan', () => {
    expect(DEMO_MEMBERSHIPS.map((m) => m.name)).toEqual(['Basic', 'Standard', 'Family']);
    for (const m of DEMO_MEMBERSHIPS) {
      const plans = DEMO_PLANS.filter((p) => p.membershipId === m.id);
      expect(plans.map((p) => [p.name, p.durationMonths])).toEqual([
        ['Monthly', 1],
        ['Annual', 12],
      ]);
    }
  });

  it('has a weekly timetable of about ten classes with valid times', () => {
    expect(DEMO_CLASSES.length).toBeGreaterThanOrEqual(10);
    for (const c of DEMO_CLASSES) {
      expect(c.startTime).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
      expect(c.endTime > c.startTime).toBe(true);
      expect(c.dayOfWeek).toBeGreaterThanOrEqual(0);
      expect(c.dayOfWeek).toBeLessThanOrEqual(6);
    }
  });

  it('has 3 upcoming events and 1 past one, and 2 upcoming seminars, relative to today', () => {
    const now = Date.now();
    const events = demoEvents();
    expect(events.filter((e) => e.endsAt.getTime() >= now)).toHaveLength(3);
    expect(events.filter((e) => e.endsAt.getTime() < now)).toHaveLength(1);
    const seminars = demoSeminars();
    expect(seminars).toHaveLength(2);
    for (const s of seminars) expect(s.startsAt.getTime()).toBeGreaterThan(now);
  });
});
