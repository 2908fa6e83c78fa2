import { useEffect, useRef, useState, type FormEvent } from 'react';
import { RANK_KINDS } from '#core/progression/ladder.ts';
import { PROGRAM_MESSAGES } from '#core/progression/program-schemas.ts';
import { GRADES } from '#core/syllabus/grades.ts';
import { Field, FormActions, HeadedForm, formValues, useForm, type Errors } from '#web/components/form-kit.tsx';
import { createRank, readSyllabusOf, updateRank, type ProgramWithLadder, type RankView, type SyllabusChoice } from './programs-api.ts';
import { AgeUpgradeFields, ExaminerField } from './rank-link-fields.tsx';
import { RequirementRows, TechniqueRows } from './rank-lists.tsx';

type Props = {
  slug: string;
  program: ProgramWithLadder;
  /** The other programs' ladders, where the rank's age upgrade can lead. */
  others: ProgramWithLadder[];
  rank: RankView | null;
  onSaved: (message: string) => void;
  onCancel: () => void;
};

const GRADE_OPTIONS = GRADES.map((g) => ({ value: g, label: g }));
const KIND_OPTIONS = RANK_KINDS.map((k) => ({ value: k, label: k }));

/** The syllabus items of the grade chosen, to draw techniques from. */
function useSyllabus(grade: string) {
  const [items, setItems] = useState<SyllabusChoice[]>([]);
  useEffect(() => {
    if (!grade) return setItems([]);
    const ctl = new AbortController();
    readSyllabusOf(grade, ctl.signal).then(setItems, () => setItems([]));
    return () => ctl.abort();
  }, [grade]);
  return items;
}

/** One rank: its place, belt, fee and grade, what testing for it asks and what it is examined on; saved in one call. */
export function RankForm({ slug, program, others, rank, onSaved, onCancel }: Props) {
  const formRef = useRef<HTMLFormElement>(null);
  const { id, field: f, errors, alert, busy, submit, readyAttr } = useForm();
  const [grade, setGrade] = useState(rank?.gradeKey ?? '');
  const [requirements, setRequirements] = useState(rank?.requirements ?? []);
  const [techniques, setTechniques] = useState(rank?.techniques ?? []);
  const items = useSyllabus(grade);
  const nextPosition = Math.max(0, ...program.ranks.map((r) => r.position)) + 1;

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const v = formValues(form);
    const found: Errors = {};
    if (!v.name?.trim()) found.name = 'Name is required';
    if (techniques.some((t) => t.passScore > t.maxScore)) found.alert = PROGRAM_MESSAGES.passAboveMax;
    const body = {
      name: v.name,
      position: Number(v.position),
      kind: v.kind,
      colorHex: v.colorHex,
      stripeMax: Number(v.stripeMax || 0),
      testFee: v.testFee?.trim() ? Number(v.testFee) : 0,
      gradeKey: v.gradeKey || null,
      examinerMinRankId: v.examinerMinRankId || null,
      // Sent as the admin left them: the API answers a half pair on the age field.
      ageUpgradeRankId: v.ageUpgradeRankId || null,
      ageUpgradeAtYears: v.ageUpgradeAtYears?.trim() ? Number(v.ageUpgradeAtYears) : null,
      requirements: requirements.map(({ type, mode, value }) => ({ type, mode, value })),
      techniques: techniques.map(({ _id, syllabusItemId, title, category, maxScore, passScore, weight, mandatory }) => ({
        ...(_id ? { _id } : {}),
        syllabusItemId,
        title,
        category,
        maxScore,
        passScore,
        weight,
        mandatory,
      })),
    };
    await submit(form, found, async () => {
      const answer = rank ? await updateRank(slug, rank._id, body) : await createRank(slug, body);
      onSaved(`${answer.message ?? 'Saved'}: ${answer.data?.name ?? ''}`);
      return true;
    });
  }

  return (
    <HeadedForm
      ref={formRef}
      headingId={`${id}-h`}
      title={rank ? `Edit ${rank.name}` : `Add a rank to ${program.name}`}
      level={1}
      busy={busy}
      alert={alert || errors.alert || ''}
      onSubmit={(e) => void onSubmit(e)}
      className="resource-form rank-form"
      data-ready={readyAttr}
    >
      <div className="form-grid">
        <Field {...f('name')} label="Name" maxLength={120} defaultValue={rank?.name ?? ''} />
        <Field
          {...f('position')}
          label="Position"
          type="number"
          min={1}
          max={1000}
          defaultValue={rank?.position ?? nextPosition}
          hint="1 is the lowest rank"
        />
        <Field {...f('kind')} label="Kind" options={KIND_OPTIONS} defaultValue={rank?.kind ?? 'kyu'} />
        <Field {...f('colorHex')} label="Belt colour" type="color" defaultValue={rank?.colorHex ?? '#ffffff'} />
        <Field
          {...f('stripeMax')}
          label="Stripes"
          type="number"
          min={0}
          max={20}
          defaultValue={rank?.stripeMax ?? 0}
          hint="How many stripes can be added at this rank"
        />
        <Field {...f('testFee')} label="Test fee" type="number" min={0} step="0.01" defaultValue={rank?.testFee ?? '0.00'} />
        <Field
          {...f('gradeKey')}
          label="Syllabus grade"
          optional
          options={GRADE_OPTIONS}
          blankOption="None"
          value={grade}
          onChange={(e) => setGrade(e.target.value)}
          hint="Its syllabus is this grade's; the techniques are picked from it"
        />
        <ExaminerField f={f} program={program} rank={rank} />
      </div>
      <AgeUpgradeFields f={f} others={others} rank={rank} />
      <RequirementRows id={id} list={requirements} onChange={setRequirements} />
      <TechniqueRows id={id} list={techniques} onChange={setTechniques} items={items} />
      <FormActions busy={busy} label={rank ? 'Save rank' : 'Add rank'} onCancel={onCancel} />
    </HeadedForm>
  );
}
