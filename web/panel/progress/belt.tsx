const HEX = /^#[0-9a-f]{6}$/i;

/** "Orange belt, 2 of 4 stripes": what the swatch says to a screen reader. */
export function beltWords(name: string, stripes = 0, stripeMax = 0) {
  if (!stripeMax) return name;
  return `${name}, ${stripes} of ${stripeMax} ${stripeMax === 1 ? 'stripe' : 'stripes'}`;
}

/** A belt drawn in its colour (a light one keeps an outline), its stripes as dots, filled as earned. */
export function BeltSwatch({
  colorHex,
  name,
  stripes = 0,
  stripeMax = 0,
}: {
  colorHex: string;
  name: string;
  stripes?: number;
  stripeMax?: number;
}) {
  const color = HEX.test(colorHex) ? colorHex : '#d6d3d1';
  return (
    <span className="rank-belt" role="img" aria-label={beltWords(name, stripes, stripeMax)}>
      <span className="rank-belt-band" style={{ backgroundColor: color }} />
      {stripeMax > 0 && (
        <span className="belt-stripes" aria-hidden="true">
          {Array.from({ length: stripeMax }, (_, i) => (
            <span key={i} className={i < stripes ? 'belt-stripe belt-stripe-on' : 'belt-stripe'} />
          ))}
        </span>
      )}
    </span>
  );
}
