import { useState, type FormEvent } from 'react';
import { ORDER_STATUS_LABELS, type OrderStatus } from '#core/shop/order-status.ts';
import { formatShortDate, formatTime } from '#web/components/format.ts';
import { useSchoolZone } from '#web/components/school-zone.tsx';

/** The status as a coloured badge; the same `order-<status>` classes as the buyer's "My orders". */
export function OrderBadge({ status }: { status: OrderStatus }) {
  return <span className={`badge order-${status}`}>{ORDER_STATUS_LABELS[status]}</span>;
}

/** A moment in two short lines, day then time, for a narrow table column (one line once rows are cards). */
export function Stamp({ iso }: { iso: string }) {
  const zone = useSchoolZone();
  return (
    <time dateTime={iso}>
      {formatShortDate(iso, zone)}
      <span className="cell-note cell-note-wide">{formatTime(iso, zone)}</span>
    </time>
  );
}

type RangeProps = { id: string; label: string; from: string; to: string; error?: string };

/** "<label> from / to" date fields for a list's filter form (names `from` and `to`, YYYY-MM-DD), kept together when the bar wraps. */
export function DateRange({ id, label, from, to, error }: RangeProps) {
  return (
    <div className="date-range" role="group" aria-label={`${label} between`}>
      <div className="field">
        <label htmlFor={`${id}-from`}>{label} from</label>
        <input id={`${id}-from`} name="from" type="date" defaultValue={from} />
      </div>
      <div className={`field${error ? ' field-invalid' : ''}`}>
        <label htmlFor={`${id}-to`}>{label} to</label>
        <input
          id={`${id}-to`}
          name="to"
          type="date"
          defaultValue={to}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-to-error` : undefined}
        />
        {error && (
          <p id={`${id}-to-error`} className="field-error">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}

export const RANGE_ERROR = 'The end date must be on or after the start date';

/** The range from a submitted filter form, with the error when it runs backwards. */
function rangeOf(form: FormData) {
  const from = String(form.get('from') ?? '');
  const to = String(form.get('to') ?? '');
  return { from, to, error: from && to && to < from ? RANGE_ERROR : '' };
}

/** A filter form with a DateRange: `read` gives the submitted form and its range, or null (error shown) when it runs backwards. */
export function useRangeFilter() {
  const [error, setError] = useState('');
  function read(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const range = rangeOf(form);
    setError(range.error);
    return range.error ? null : { form, from: range.from, to: range.to };
  }
  return { error, read };
}
