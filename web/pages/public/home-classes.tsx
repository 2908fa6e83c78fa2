const PROGRAMMES = [
  {
    name: 'Little Dragons',
    ages: 'Ages 4–6',
    text: 'Playful 30-minute classes that build balance, listening and coordination, with lots of encouragement.',
  },
  {
    name: 'Kids & Teens',
    ages: 'Ages 7–15',
    text: 'Kihon, kata and light sparring in a structured belt programme that rewards effort and respect.',
  },
  {
    name: 'Adults',
    ages: 'Ages 16+',
    text: 'Traditional technique, fitness and practical self-defence. Beginners and returning students welcome.',
  },
] as const;

export function HomeClasses() {
  return (
    <section className="section" id="classes" aria-labelledby="classes-title">
      <div className="container">
        <div className="section-head">
          <span className="eyebrow">Classes</span>
          <h2 id="classes-title">A class for every stage of the way</h2>
          <p className="lead">Small groups, a calm dojo and instructors who know every student by name.</p>
        </div>
        <div className="grid">
          {PROGRAMMES.map((k) => (
            <article className="card" key={k.name}>
              <span className="badge">{k.ages}</span>
              <h3>{k.name}</h3>
              <p>{k.text}</p>
            </article>
          ))}
        </div>
        <p className="section-more">
          <a href="/classes">See the weekly timetable</a>
        </p>
      </div>
    </section>
  );
}
