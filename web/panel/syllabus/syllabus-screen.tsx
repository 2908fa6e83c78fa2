import { useEffect, useState } from 'react';
import { categoryLabel, gradeLabel } from '#core/syllabus/grade-labels.ts';
import { GRADES, isGrade, normalizeGrade, SYLLABUS_CATEGORIES } from '#core/syllabus/grades.ts';
import { readsEveryGrade } from '#core/syllabus/readers.ts';
import { FormAlert, SelectField } from '#web/components/form-kit.tsx';
import { Loading } from '#web/components/loading.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { navigate } from '#web/panel/router.tsx';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { readSyllabus, type GradeSyllabus, type SyllabusItem } from './syllabus-api.ts';
import { OneSyllabusItem, SyllabusItemCard } from './syllabus-item.tsx';

const GRADE_OPTIONS = GRADES.map((g) => ({ value: g, label: gradeLabel(g) }));

/** Items by category, in the syllabus's own order of categories (unknown ones last). */
function byCategory(items: readonly SyllabusItem[]) {
  const order = [...SYLLABUS_CATEGORIES, ...new Set(items.map((i) => i.category))];
  return [...new Set(order)]
    .map((category) => ({ category, items: items.filter((i) => i.category === category) }))
    .filter((g) => g.items.length > 0);
}

/**
 * The syllabus to learn: a student or member sees their own grade's (profile.grade, set by the school);
 * instructors and grand masters pick any grade, which the URL keeps (`…/syllabus/yellow`).
 */
export default function SyllabusScreen(props: PanelScreenProps) {
  const [head, itemId] = props.path;
  return head === 'item' && itemId ? <OneSyllabusItem id={itemId} base={props.base} /> : <GradeSyllabusScreen {...props} />;
}

function GradeSyllabusScreen({ user, path, base }: PanelScreenProps) {
  const picker = readsEveryGrade(user.role);
  const own = normalizeGrade(user.profile?.grade);
  const fromPath = normalizeGrade(path[0] ?? '');
  const asked = picker ? (isGrade(fromPath) ? fromPath : isGrade(own) ? own : GRADES[0]) : undefined;
  const [state, setState] = useState<{ for: string | undefined; data: GradeSyllabus } | null>(null);
  const [alert, setAlert] = useState('');

  useEffect(() => {
    const ctl = new AbortController();
    setAlert('');
    readSyllabus(asked, ctl.signal).then(
      (data) => setState({ for: asked, data }),
      (err) => !ctl.signal.aborted && setAlert(errorMessage(err)),
    );
    return () => ctl.abort();
  }, [asked]);

  const data = state && state.for === asked ? state.data : null;
  const grade = data?.grade ?? asked ?? null;
  const groups = data ? byCategory(data.items) : [];
  return (
    <div
      className="panel-screen syllabus-screen"
      data-ready={data || alert ? '' : undefined}
      data-loading={!data && !alert ? '' : undefined}
    >
      <h1>Syllabus</h1>
      {picker ? (
        <>
          <p>The syllabus of every grade, as students see it.</p>
          <div className="syllabus-picker">
            <SelectField
              id="sy-grade"
              label="Grade"
              options={GRADE_OPTIONS}
              value={asked}
              onChange={(e) => navigate(`${base}/${e.target.value}`)}
            />
          </div>
        </>
      ) : (
        grade && <p className="syllabus-grade">What to learn for your grade: {gradeLabel(grade)}.</p>
      )}
      <FormAlert message={alert} />
      {!data ? (
        !alert && <Loading label="Loading the syllabus…" />
      ) : data.message && !data.items.length ? (
        <p className="notice syllabus-empty" role="status">
          {data.message}
        </p>
      ) : groups.length === 0 ? (
        <p className="notice syllabus-empty" role="status">
          {picker
            ? `Nothing in the ${gradeLabel(grade ?? '')} syllabus yet.`
            : 'Your grade’s syllabus has no items yet. Your instructor will add them.'}
        </p>
      ) : (
        groups.map((g) => (
          <section key={g.category} className="syllabus-category" aria-labelledby={`sy-cat-${g.category}`}>
            <h2 id={`sy-cat-${g.category}`}>
              {categoryLabel(g.category)}{' '}
              <span className="badge">
                {g.items.length}
                <span className="visually-hidden"> {g.items.length === 1 ? 'item' : 'items'}</span>
              </span>
            </h2>
            <div className="syllabus-items">
              {g.items.map((item) => (
                <SyllabusItemCard key={item._id} item={item} />
              ))}
            </div>
          </section>
        ))
      )}
    </div>
  );
}
