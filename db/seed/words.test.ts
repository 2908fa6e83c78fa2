import { describe, expect, it } from 'vitest';
import { atWallTime } from '#core/time-zone.ts';
import { seasonAt } from './calendar.ts';
import { demoCoupons } from './coupons.ts';
import { DEMO_TESTIMONIALS, demoPosts } from './media.ts';
import { demoEvents, demoSeminars } from './schedule.ts';
import { demoSocialPosts } from './social.ts';

/**
 * The seed's words agree with its dates, whatever day it is seeded: a rule-based reading of every dated
 * text (events, seminars, blog and social posts) against the dates the seed gives them.
 */
type Dated = { id: string; start: Date; end: Date; title: string; text: string };
type Written = { id: string; at: Date | null; text: string };

const SEASONS = /\b(spring|summer|autumn|fall|winter)\b/gi;
const MONTHS = 'January|February|March|April|May|June|July|August|September|October|November|December';
const DAY_NAMED = new RegExp(`\\b(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday),? (\\d{1,2}) (${MONTHS})( \\d{4})?`, 'g');
const LONE_MONTH = new RegExp(`(?<!\\d )\\b(${MONTHS})\\b`, 'g');
const RELATIVE =
  /\b(yesterday|tomorrow|tonight|last (week|weekend|month|saturday|sunday)|this (week|weekend|month|spring|summer|autumn|winter)|next (week|weekend|month))\b/i;
const FUTURE_WORDS = /\b(will|register|sign up|join us|book now)\b/i;

const zoneParts = (d: Date) =>
  Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Vancouver', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })
      .formatToParts(d)
      .map((p) => [p.type, p.value]),
  ) as Record<'weekday' | 'day' | 'month' | 'year', string>;
const season = (word: string) => (word.toLowerCase() === 'fall' ? 'autumn' : word.toLowerCase());

/** Every disagreement between the texts and the dates, as readable lines (none is the goal). */
export function disagreements(now: number, events: Dated[], written: Written[]): string[] {
  const out: string[] = [];
  for (const e of events) {
    for (const [w] of `${e.title} ${e.text}`.matchAll(SEASONS))
      if (season(w) !== seasonAt(e.start)) out.push(`${e.id}: "${w}" but it starts in ${seasonAt(e.start)}`);
    if (/weekend/i.test(e.title)) {
      const [a, b] = [zoneParts(e.start).weekday, zoneParts(e.end).weekday];
      if (a !== 'Saturday' || b !== 'Sunday') out.push(`${e.id}: a weekend from ${a} to ${b}`);
    }
    if (e.end.getTime() < now && FUTURE_WORDS.test(e.text)) out.push(`${e.id}: is over but its words look ahead`);
  }
  for (const p of written) {
    if (RELATIVE.test(p.text)) out.push(`${p.id}: "${p.text.match(RELATIVE)![0]}" depends on the day it is read`);
    const named = [...p.text.matchAll(DAY_NAMED)];
    const lone = [...p.text.replace(DAY_NAMED, '').matchAll(LONE_MONTH)];
    for (const [m] of lone) out.push(`${p.id}: names the month "${m}" without a day`);
    if (!p.at) continue;
    const ahead = events.filter((e) => e.start > p.at!);
    for (const [whole, weekday, day, month, year] of named) {
      const match = events.find((e) =>
        [e.start, e.end].some((d) => {
          const z = zoneParts(d);
          return z.weekday === weekday && z.day === day && z.month === month && (!year || z.year === year.trim());
        }),
      );
      if (!match) out.push(`${p.id}: "${whole}" is no seeded event's day (or not that weekday)`);
      else if (match.start <= p.at || match.end.getTime() < now) out.push(`${p.id}: "${whole}" is not ahead of the post`);
    }
    for (const [w] of p.text.matchAll(SEASONS)) {
      const s = season(w);
      const ok = seasonAt(p.at) === s || ahead.some((e) => seasonAt(e.start) === s && e.title.toLowerCase().includes(s));
      if (!ok) out.push(`${p.id}: "${w}" is neither its own season nor a coming event's`);
    }
    for (const [y] of p.text.matchAll(/\b20\d\d\b/g)) {
      const years = ahead.map((e) => zoneParts(e.start).year);
      if (y !== zoneParts(p.at).year && !years.includes(y)) out.push(`${p.id}: the year ${y} is neither its own nor a coming event's`);
    }
  }
  return out;
}

function seededAt(now: number) {
  const events: Dated[] = [
    ...demoEvents(now).map((e) => ({ id: e.id!, start: e.startsAt, end: e.endsAt, title: e.title, text: e.description ?? '' })),
    ...demoSeminars(now).map((s) => ({ id: s.id!, start: s.startsAt, end: s.endsAt, title: s.title, text: s.description ?? '' })),
  ];
  const social = demoSocialPosts(now, null).posts;
  const written: Written[] = [
    ...demoPosts(now).map((p) => ({ id: p.id, at: p.publishedAt ?? null, text: `${p.title}\n${p.body}` })),
    ...social.map((p) => ({ id: p.id!, at: p.scheduleTime ?? p.createdAt ?? null, text: p.content })),
  ];
  return { events, written };
}

/** The 1st and the 16th of every month for two years, and the nights the clocks change (Vancouver). */
const SEED_DAYS = [
  ...Array.from({ length: 48 }, (_, i) => atWallTime(2026 + Math.floor(i / 24), (Math.floor(i / 2) % 12) + 1, i % 2 ? 16 : 1, 12, 0)),
  atWallTime(2027, 3, 14, 1, 30),
  atWallTime(2027, 11, 7, 1, 30),
  atWallTime(2026, 12, 31, 23, 59),
];

describe("the seed's words and dates", () => {
  it('agree on whatever day the demo is seeded', () => {
    for (const day of SEED_DAYS) {
      const now = day.getTime();
      const { events, written } = seededAt(now);
      expect({ seeded: day.toISOString(), problems: disagreements(now, events, written) }).toEqual({
        seeded: day.toISOString(),
        problems: [],
      });
    }
  });

  it('have upcoming events ahead of the day of seeding, and the past one behind it', () => {
    for (const day of SEED_DAYS) {
      const now = day.getTime();
      const past = demoEvents(now).filter((e) => e.endsAt.getTime() < now);
      expect(past.map((e) => e.id)).toEqual(['seed-event-open-house']);
      for (const s of demoSeminars(now)) expect(s.startsAt.getTime()).toBeGreaterThan(now);
    }
  });

  it('catch a season, a day, a month, a relative phrase and a past event that the dates contradict', () => {
    const now = atWallTime(2026, 11, 27, 12, 0).getTime();
    const nov = new Date(now - 3 * 86_400_000);
    const events: Dated[] = [
      {
        id: 'grading',
        start: atWallTime(2026, 12, 12, 10, 0),
        end: atWallTime(2026, 12, 12, 15, 0),
        title: 'Spring Kyu Grading',
        text: '',
      },
      { id: 'camp', start: atWallTime(2026, 12, 16, 9, 0), end: atWallTime(2026, 12, 17, 9, 0), title: 'Kumite Weekend', text: '' },
      {
        id: 'open-house',
        start: atWallTime(2026, 10, 1, 9, 0),
        end: atWallTime(2026, 10, 1, 12, 0),
        title: 'Open House',
        text: 'Register now!',
      },
    ];
    const written: Written[] = [
      { id: 'post', at: nov, text: 'Summer camp 2031 opens on Sunday 12 December, from April; see you last weekend.' },
    ];
    expect(disagreements(now, events, written)).toEqual([
      'grading: "Spring" but it starts in winter',
      'camp: a weekend from Wednesday to Thursday',
      'open-house: is over but its words look ahead',
      'post: "last weekend" depends on the day it is read',
      'post: names the month "April" without a day',
      'post: "Sunday 12 December" is no seeded event\'s day (or not that weekday)',
      'post: "Summer" is neither its own season nor a coming event\'s',
      "post: the year 2031 is neither its own nor a coming event's",
    ]);
  });

  it("end last summer's sale in the summer before the day of seeding", () => {
    for (const day of SEED_DAYS) {
      const now = day.getTime();
      const sale = demoCoupons(now).find((c) => /last summer/i.test(c.description ?? ''))!;
      const ended = sale.validUntil!;
      expect({ seeded: day.toISOString(), season: seasonAt(ended), past: ended.getTime() < now }).toEqual({
        seeded: day.toISOString(),
        season: 'summer',
        past: true,
      });
      expect(now - ended.getTime()).toBeLessThan(366 * 86_400_000);
    }
  });

  it('date no testimonial in the future', () => {
    const thisYear = new Date().getUTCFullYear();
    for (const t of DEMO_TESTIMONIALS)
      for (const [y] of `${t.role} ${t.quote}`.matchAll(/\b20\d\d\b/g)) expect(Number(y)).toBeLessThanOrEqual(thisYear);
  });
});
