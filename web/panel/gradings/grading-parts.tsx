import { Fragment, type ReactNode } from 'react';
import type { RequirementCheck } from '#core/progression/eligibility.ts';
import { checkLabel } from '#web/components/progress-words.ts';

const STATUS_WORDS: Record<string, string> = {
  draft: 'Draft',
  open: 'Open for registration',
  locked: 'Roster locked',
  scoring: 'Scoring',
  approved: 'Approved',
  finalized: 'Finalized',
  cancelled: 'Cancelled',
};
export const gradingStatusWords = (status: string) => STATUS_WORDS[status] ?? status;

export function GradingStatus({ status }: { status: string }) {
  return <span className={`badge grading-status grading-status-${status}`}>{gradingStatusWords(status)}</span>;
}

/** A screen's own tabs as real links, the current one marked for screen readers. */
export function Tabs({ label, children }: { label: string; children: ReactNode }) {
  return (
    <nav className="grading-tabs" aria-label={label}>
      {children}
    </nav>
  );
}

/** The gates in their order, then the advisories. */
const gatesFirst = (checks: readonly RequirementCheck[]) => [
  ...checks.filter((c) => c.mode === 'gate'),
  ...checks.filter((c) => c.mode !== 'gate'),
];

/** The checklist in short (the student screens' words), gates first; what is still missing stands out and is named for screen readers. */
export function ChecklistLine({ checks }: { checks: readonly RequirementCheck[] }) {
  if (!checks.length) return <span className="checklist-line">Nothing asked for the next belt.</span>;
  return (
    <span className="checklist-line">
      {gatesFirst(checks).map((c, i) => (
        <Fragment key={i}>
          {i > 0 && ' · '}
          <span className={c.met ? 'check-met' : 'check-unmet'}>
            {checkLabel(c)}
            {!c.met && <span className="visually-hidden"> (not met)</span>}
          </span>
        </Fragment>
      ))}
    </span>
  );
}
