import { categoryLabel } from '#core/syllabus/grade-labels.ts';
import { PanelLink } from '#web/panel/router.tsx';
import { syllabusItemPath } from '#web/panel/syllabus/syllabus-api.ts';
import type { EligibilityView } from '#core/progression/views.ts';
import { checkPhrase, checkProgress, checkRemaining } from '#web/components/progress-words.ts';

type Props = { eligibility: EligibilityView; idPrefix: string };

/** Each requirement of the next belt: its words, a progress bar for what is counted, what remains; advisory ones marked. */
export function Checklist({ eligibility, idPrefix }: Props) {
  const { checks, techniques } = eligibility;
  if (!checks.length) return <p className="muted">This belt has no requirements set: your instructor decides when you are ready.</p>;
  return (
    <ul className="belt-checklist">
      {checks.map((c, i) => {
        const id = `${idPrefix}-check-${i}`;
        const phrase = checkPhrase(c, techniques);
        const bar = checkProgress(c);
        const label = phrase.charAt(0).toUpperCase() + phrase.slice(1);
        return (
          <li
            key={`${c.type}-${i}`}
            className={`belt-check${c.met ? ' belt-check-met' : ''}${c.mode === 'advisory' ? ' belt-check-advisory' : ''}`}
          >
            <p className="belt-check-head">
              <span className="belt-check-mark" aria-hidden="true">
                {c.met ? '✓' : '○'}
              </span>
              <span>
                <span id={id}>{label}</span>
                <span className="visually-hidden">{c.met ? ': met' : ': not met yet'}</span>
                {c.mode === 'advisory' && (
                  <>
                    {' '}
                    <span className="badge belt-advisory" title="Shown to guide you; it does not hold back your grading">
                      Advisory
                    </span>
                  </>
                )}
              </span>
            </p>
            {bar && (
              <div
                className="belt-bar"
                role="progressbar"
                aria-labelledby={id}
                aria-valuemin={0}
                aria-valuemax={bar.max}
                aria-valuenow={bar.value}
                aria-valuetext={phrase}
              >
                <span style={{ width: `${bar.percent}%` }} />
              </div>
            )}
            <p className="belt-check-left muted">{checkRemaining(c, techniques)}</p>
          </li>
        );
      })}
    </ul>
  );
}

/** The next belt's techniques, passed or not, each opening its syllabus item. */
export function Techniques({ eligibility, panelBase }: { eligibility: EligibilityView; panelBase: string }) {
  const { techniques } = eligibility;
  if (!techniques.length) return null;
  const passed = techniques.filter((t) => t.passed).length;
  return (
    <>
      <p className="muted">
        {passed} of {techniques.length} passed. Open one to see what to practise.
      </p>
      <ul className="belt-techniques">
        {techniques.map((t) => (
          <li key={t._id} className={t.passed ? 'belt-technique-passed' : undefined}>
            <span className="belt-check-mark" aria-hidden="true">
              {t.passed ? '✓' : '○'}
            </span>
            {t.syllabusItemId ? (
              <PanelLink href={syllabusItemPath(panelBase, t.syllabusItemId)}>{t.title}</PanelLink>
            ) : (
              <span>{t.title}</span>
            )}
            <span className="muted">
              {' '}
              {t.title.startsWith(`${categoryLabel(t.category)}:`) ? '' : `· ${categoryLabel(t.category)} `}·{' '}
              {t.passed ? 'passed' : 'not passed yet'}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}
