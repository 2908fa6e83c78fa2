const VALUES = [
  { title: 'Respect', text: 'Every class begins and ends with a bow: for the dojo, the teacher and each other.' },
  { title: 'Discipline', text: 'Clear goals for every belt turn steady practice into visible progress.' },
  { title: 'Confidence', text: 'Students learn to stand tall, speak up and stay calm under pressure.' },
  { title: 'Fitness', text: 'Strength, flexibility and stamina, built at a pace that suits you.' },
] as const;

export function HomeValues() {
  return (
    <section className="section section-alt" aria-labelledby="values-title">
      <div className="container">
        <div className="section-head">
          <span className="eyebrow">Why karate</span>
          <h2 id="values-title">More than kicks and punches</h2>
        </div>
        <ul className="grid value-list">
          {VALUES.map((v) => (
            <li key={v.title}>
              <h3>{v.title}</h3>
              <p className="muted">{v.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
