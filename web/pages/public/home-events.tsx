import { SampleNote } from './sample-note.tsx';

const EVENTS = [
  {
    date: '2027-03-14',
    day: '14',
    month: 'Mar',
    title: 'Spring grading',
    text: 'Kyu grading for all junior and adult students. Families welcome to watch.',
  },
  {
    date: '2027-04-05',
    day: '5',
    month: 'Apr',
    title: 'Open house',
    text: 'Meet the instructors, tour the dojo and try a short class with the whole family.',
  },
  {
    date: '2027-05-22',
    day: '22',
    month: 'May',
    title: 'Guest seminar',
    text: 'A day of kata and bunkai with a visiting senior instructor.',
  },
] as const;

export function HomeEvents() {
  return (
    <section className="section section-alt" id="events" aria-labelledby="events-title">
      <div className="container">
        <div className="section-head">
          <span className="eyebrow">Upcoming events</span>
          <h2 id="events-title">What's on at the dojo</h2>
          <SampleNote>Upcoming events from the school's calendar will appear here.</SampleNote>
        </div>
        <ul className="event-list">
          {EVENTS.map((e) => (
            <li className="card event" key={e.title}>
              <time className="event-date" dateTime={e.date}>
                <span className="event-day">{e.day}</span> <span className="event-month">{e.month}</span>
              </time>
              <div>
                <h3>{e.title}</h3>
                <p className="muted">{e.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
