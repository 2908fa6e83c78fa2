import type { NewEventRow, NewSeminarRow } from '#db/schema/index.ts';
import { at as atDay, capitalise, dayFrom, demoDays, plusDays, seasonAt } from './calendar.ts';

/**
 * Demo events and seminars, dated from the day of seeding so the demo always has upcoming ones; a title
 * that names a season takes it from the event's date.
 */

/** `hours` o'clock on the school's clock, `days` from today there (events are shown in that zone). */
const atIn = (now: number, days: number, hours: number) => atDay(dayFrom(now, days), hours);

export function demoEvents(now = Date.now()): NewEventRow[] {
  const days = demoDays(now);
  const at = (d: number, hours: number) => atIn(now, d, hours);
  const grading = atDay(days.grading, 10);
  const openHouse = at(-45, 10);
  return [
    {
      id: 'seed-event-grading',
      title: `${capitalise(seasonAt(grading))} Kyu Grading`,
      description: 'Belt grading for all kyu grades. Candidates must be recommended by their instructor; spectators welcome.',
      startsAt: grading,
      endsAt: atDay(days.grading, 15),
      location: 'Main dojo',
      category: 'grading',
      registrationUrl: null,
    },
    {
      id: 'seed-event-tournament',
      title: 'Regional Open Tournament',
      description: 'Kata and kumite divisions for juniors and adults. Our team travels together; coaching provided.',
      startsAt: at(37, 8),
      endsAt: at(37, 18),
      location: 'City Sports Centre',
      category: 'tournament',
      registrationUrl: null,
    },
    {
      id: 'seed-event-summer-camp',
      title: 'Summer Training Camp',
      description: 'Three days of training by the lake: sunrise kata, kumite, swimming and a barbecue on the last night.',
      startsAt: atDay(days.campStart, 9),
      endsAt: atDay(days.campEnd, 17),
      location: 'Lakeside Camp',
      category: 'camp',
      registrationUrl: null,
    },
    {
      id: 'seed-event-open-house',
      title: `${capitalise(seasonAt(openHouse))} Open House`,
      description: 'Free trial classes for all ages, demonstrations by our black belts and refreshments for everyone.',
      startsAt: openHouse,
      endsAt: at(-45, 14),
      location: 'Main dojo',
      category: 'social',
      registrationUrl: null,
    },
  ];
}

export function demoSeminars(now = Date.now()): NewSeminarRow[] {
  const { kumiteWeekend } = demoDays(now);
  const at = (d: number, hours: number) => atIn(now, d, hours);
  return [
    {
      id: 'seed-seminar-bunkai',
      title: 'Kata Bunkai Seminar',
      description:
        'Practical applications of the Heian kata, taught by a visiting master. All kyu grades welcome; black belts train separately in the afternoon.',
      instructor: 'Hanshi Takeshi Okada (8th dan)',
      startsAt: at(23, 10),
      endsAt: at(23, 16),
      location: 'Main dojo',
      priceCents: 8_500,
      capacity: 40,
    },
    {
      id: 'seed-seminar-kumite',
      title: 'Competition Kumite Weekend',
      description: 'Two days with a former national team coach: footwork, timing, scoring techniques and refereeing rules.',
      instructor: 'Sensei Laura Fischer (6th dan)',
      startsAt: atDay(kumiteWeekend, 9),
      endsAt: atDay(plusDays(kumiteWeekend, 1), 15),
      location: 'City Sports Centre',
      priceCents: 15_000,
      capacity: 30,
    },
  ];
}
