import type { MoneyFormat } from '#core/money.ts';
import { priceView } from './format.ts';

/** The price people pay (spec 9), with the old one struck through when discounted. */
export function Price({
  price,
  discountPrice,
  className = 'price',
  symbol,
}: {
  price: number | null;
  discountPrice: number | null;
  className?: string;
  /** The school's money format (the shop), or a symbol: the membership side shows C$ (spec 9). */
  symbol?: string | MoneyFormat;
}) {
  const p = priceView(price, discountPrice, symbol);
  return (
    <span className={className}>
      {p.was && (
        <del className="price-was">
          <span className="visually-hidden">Regular price </span>
          {p.was}
        </del>
      )}
      <strong className="price-now">
        {p.was && <span className="visually-hidden">Now </span>}
        {p.current}
      </strong>
    </span>
  );
}
