import { SampleNote } from './sample-note.tsx';

const QUOTES = [
  {
    text: 'My son was shy and restless. After a year at the dojo he is calmer, kinder and proud of his yellow belt.',
    who: 'Parent of a Kids & Teens student',
  },
  {
    text: 'I started at 42 with no experience. The instructors meet you where you are — it is the best hour of my week.',
    who: 'Adult student, green belt',
  },
  { text: 'Clear teaching, real tradition and a welcoming community. Our whole family trains here now.', who: 'Family of four' },
] as const;

export function HomeTestimonials() {
  return (
    <section className="section" aria-labelledby="testimonials-title">
      <div className="container">
        <div className="section-head">
          <span className="eyebrow">Testimonials</span>
          <h2 id="testimonials-title">What our students say</h2>
          <SampleNote>Testimonials shared by the school's students will appear here.</SampleNote>
        </div>
        <div className="grid">
          {QUOTES.map((q) => (
            <figure className="card quote" key={q.who}>
              <blockquote>
                <p>“{q.text}”</p>
              </blockquote>
              <figcaption className="muted">— {q.who}</figcaption>
            </figure>
          ))}
        </div>
      </div>
    </section>
  );
}
