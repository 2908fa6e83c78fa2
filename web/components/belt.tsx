const HEX = /^#[0-9a-f]{6}$/i;

/** "Orange belt, 2 of 4 stripes": what the swatch says to a screen reader. */
export function beltWords(name: string, stripes = 0, stripeMax = 0) {
  if (!stripeMax) return name;
  return `${name}, ${stripes} of ${stripeMax} ${stripeMax === 1 ? 'stripe' : 'stripes'}`;
}

/**
 * A belt drawn in its colour (a light one keeps an outline), its stripes as dots, filled as earned. With a
 * `name` it is an image that says the belt; without, decoration beside a written name. `large` on "My belt".
 */
export function BeltSwatch({
  colorHex,
  name,
  stripes = 0,
  stripeMax = 0,
  large = false,
}: {
  colorHex: string | null;
  name?: string;
  stripes?: number;
  stripeMax?: number;
  large?: boolean;
}) {
  const color = colorHex && HEX.test(colorHex) ? colorHex : '#d6d3d1';
  const says = name ? { role: 'img', 'aria-label': beltWords(name, stripes, stripeMax) } : { 'aria-hidden': true };
  return (
    <span className={large ? 'rank-belt rank-belt-large' : 'rank-belt'} {...says}>
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

/** A belt's swatch (decoration) and its name, which carries the meaning; `empty` when there is no belt. */
export function BeltName({ belt, empty = 'No belt yet' }: { belt: { name: string; colorHex: string | null } | null; empty?: string }) {
  if (!belt) return <span className="belt belt-none">{empty}</span>;
  return (
    <span className="belt">
      <BeltSwatch colorHex={belt.colorHex} />
      {belt.name}
    </span>
  );
}
