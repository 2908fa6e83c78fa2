import { SampleNote } from './sample-note.tsx';

const COURSES = [
  {
    title: 'Beginner Fundamentals',
    length: '8 weeks',
    price: '$120.00',
    text: 'Stances, blocks, strikes and dojo etiquette: everything you need for your first grading.',
  },
  {
    title: 'Self-Defence Essentials',
    length: '6 weeks',
    price: '$95.00',
    text: 'Awareness, escapes and simple, effective techniques for everyday situations.',
  },
  {
    title: 'Kata Intensive',
    length: '4 weekends',
    price: '$150.00',
    text: 'A deep dive into the forms of the syllabus and the applications hidden within them.',
  },
] as const;

export function HomeCourses() {
  return (
    <section className="section" id="courses" aria-labelledby="courses-title">
      <div className="container">
        <div className="section-head">
          <span className="eyebrow">Featured courses</span>
          <h2 id="courses-title">Start with a course</h2>
          <SampleNote>The school's published courses will appear here.</SampleNote>
        </div>
        <div className="grid">
          {COURSES.map((k) => (
            <article className="card" key={k.title}>
              <h3>{k.title}</h3>
              <p>{k.text}</p>
              <p className="card-meta">
                <span className="muted">{k.length}</span> · <strong>{k.price} CAD</strong>
              </p>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
