import { atWallTime, localDate } from '#core/time-zone.ts';
import type { NewEventRow, NewSeminarRow } from '#db/schema/index.ts';

/** Demo events and seminars, dated from the day of seeding so the demo always has upcoming ones. */

/** `hours` o'clock on the school's clock, `days` from today there (events are shown in that zone). */
const at = (days: number, hours: number) => {
  const { y, month, day } = localDate(days);
  return atWallTime(y, month, day, Math.floor(hours), Math.round((hours % 1) * 60));
};

export function demoEvents(): NewEventRow[] {
  return [
    {
      id: 'seed-event-grading',
      title: 'Spring Kyu Grading',
      description: 'Belt grading for all kyu grades. Candidates must be recommended by their instructor; spectators welcome.',
      startsAt: at(16, 10),
      endsAt: at(16, 15),
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
      startsAt: at(62, 9),
      endsAt: at(64, 17),
      location: 'Lakeside Camp',
      category: 'camp',
      registrationUrl: null,
    },
    {
      id: 'seed-event-open-house',
      title: 'Winter Open House',
      description: 'Free trial classes for all ages, demonstrations by our black belts and hot chocolate for everyone.',
      startsAt: at(-45, 10),
      endsAt: at(-45, 14),
      location: 'Main dojo',
      category: 'social',
      registrationUrl: null,
    },
  ];
}

export function demoSeminars(): NewSeminarRow[] {
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
      startsAt: at(51, 9),
      endsAt: at(52, 15),
      location: 'City Sports Centre',
      priceCents: 15_000,
      capacity: 30,
    },
  ];
}
