import { Field, FieldFrame, describe, type useForm } from '#web/components/form-kit.tsx';
import type { ProgramWithLadder, RankView } from './programs-api.ts';
import { examinerOptions, upgradeGroups, type OptionGroup } from './rank-links.ts';

type Props = {
  f: ReturnType<typeof useForm>['field'];
  program: ProgramWithLadder;
  others: ProgramWithLadder[];
  rank: RankView | null;
};

type GroupedProps = {
  id: string;
  name: string;
  error: string | undefined;
  label: string;
  hint: string;
  blankOption: string;
  groups: OptionGroup[];
  defaultValue: string;
  className: string;
};

/** A form-kit field whose <select> groups its options under headings (the kit's selects are flat). */
function GroupedSelectField({ id, name, error, label, hint, blankOption, groups, defaultValue, className }: GroupedProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} optional className={className}>
      <select id={id} name={name} defaultValue={defaultValue} {...describe(id, hint, error)}>
        <option value="">{blankOption}</option>
        {groups.map((g) => (
          <optgroup key={g.label} label={g.label}>
            {g.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </FieldFrame>
  );
}

/** Who may examine for the rank (a minimum rank of this program). */
export function ExaminerField({ f, program, rank }: Omit<Props, 'others'>) {
  return (
    <Field
      {...f('examinerMinRankId')}
      label="Examiners must hold at least"
      optional
      options={examinerOptions(program.ranks)}
      blankOption="No minimum"
      defaultValue={rank?.examinerMinRankId ?? ''}
      hint="A grading for this rank accepts only examiners at this rank of the program or above"
    />
  );
}

/** The rank's equivalent in another program and the age a child moves there: both or neither. */
export function AgeUpgradeFields({ f, others, rank }: Omit<Props, 'program'>) {
  return (
    <fieldset className="ladder-rows">
      <legend>Moves to another program at age</legend>
      <div className="ladder-row">
        <GroupedSelectField
          {...f('ageUpgradeRankId')}
          label="Rank there"
          className="upgrade-rank"
          hint="E.g. a kids' rank's equivalent in the adult ladder"
          blankOption="None"
          groups={upgradeGroups(others)}
          defaultValue={rank?.ageUpgradeRankId ?? ''}
        />
        <Field
          {...f('ageUpgradeAtYears')}
          label="At age"
          className="upgrade-age"
          optional
          type="number"
          min={3}
          max={99}
          defaultValue={rank?.ageUpgradeAtYears ?? ''}
          hint="3 to 99: a candidate this old on the grading's day who passes is awarded the rank there"
        />
      </div>
    </fieldset>
  );
}
