import { useState } from 'react';
import { BeltName } from '#web/components/belt.tsx';
import { FormAlert, FormStatus } from '#web/components/form-kit.tsx';
import { Loading } from '#web/components/loading.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { money } from '#web/panel/admin/screens/shared.tsx';
import { useRead } from '#web/panel/homes/home-parts.tsx';
import { ConfirmDialog } from '#web/panel/resource/confirm-dialog.tsx';
import { ActionsCell, DataTable, DeleteButton, TableHead, numberColumn } from '#web/panel/resource/list-kit.tsx';
import { navigate, PanelLink } from '#web/panel/router.tsx';
import { AUDIENCE_LABEL, WINDOW_LABEL } from './program-list.tsx';
import { deleteRank, readOtherLadders, readProgram, reorderRanks, type ProgramWithLadder, type RankView } from './programs-api.ts';
import { ProgramSettings } from './program-settings.tsx';
import { RankForm } from './rank-form.tsx';
import { rankLinks } from './rank-links.ts';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** A rank's examiner minimum and age upgrade, one line each under its name. */
const RankLinks = ({ lines }: { lines: string[] }) =>
  lines.length ? (
    <ul className="rank-links">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  ) : null;

/** A program's ladder: ranks in order (move up/down, edit, delete) or, with `rankId`, one rank's form. */
export function LadderEditor({ base, slug, rankId }: { base: string; slug: string; rankId: string | undefined }) {
  const { data, error, retry } = useRead((signal) => readProgram(slug, signal));
  const others = useRead((signal) => readOtherLadders(slug, signal));
  const [flash, setFlash] = useState('');
  const here = `${base}/${encodeURIComponent(slug)}`;
  if (error || others.error) return <FormAlert message={error || others.error} />;
  if (!data || !others.data) return <Loading label="Loading the ladder..." />;
  const rank = rankId && rankId !== 'new' ? data.ranks.find((r) => r._id === rankId) : undefined;
  const saved = (message: string) => {
    setFlash(message);
    retry();
    navigate(here);
  };
  return (
    <div className="panel-screen admin-ladder" data-ready="">
      <p className="back-link">
        {rankId ? <PanelLink href={here}>← {data.name}</PanelLink> : <PanelLink href={base}>← Programs</PanelLink>}
      </p>
      {rankId === 'new' || rank ? (
        <RankForm slug={slug} program={data} others={others.data} rank={rank ?? null} onSaved={saved} onCancel={() => navigate(here)} />
      ) : rankId ? (
        <FormAlert message="Rank not found" />
      ) : (
        <>
          <Ladder program={data} others={others.data} here={here} flash={flash} setFlash={setFlash} reload={retry} />
          <ProgramSettings
            base={base}
            program={data}
            onSaved={(message) => {
              setFlash(message);
              retry();
            }}
          />
        </>
      )}
    </div>
  );
}

type LadderProps = {
  program: ProgramWithLadder;
  others: ProgramWithLadder[];
  here: string;
  flash: string;
  setFlash: (m: string) => void;
  reload: () => void;
};

function Ladder({ program, others, here, flash, setFlash, reload }: LadderProps) {
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState('');
  const [deleting, setDeleting] = useState<RankView | null>(null);
  const ranks = program.ranks;
  async function move(index: number, by: -1 | 1) {
    const ids = ranks.map((r) => r._id);
    [ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!];
    setBusy(true);
    setAlert('');
    try {
      await reorderRanks(program.slug, ids);
      setFlash(`${ranks[index]!.name} moved ${by < 0 ? 'up' : 'down'}`);
      reload();
    } catch (err) {
      setAlert(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <h1>{program.name}</h1>
      <p className="screen-intro">
        {AUDIENCE_LABEL[program.audience]} · attendance counted {WINDOW_LABEL[program.attendanceWindow]?.toLowerCase()} · {ranks.length}{' '}
        ranks
        {program.isActive ? '' : ' · inactive'}
      </p>
      <FormAlert message={alert} />
      <FormStatus message={flash} />
      <p>
        <PanelLink className="btn btn-primary" href={`${here}/new`}>
          Add a rank
        </PanelLink>
      </p>
      <DataTable id="ladder" caption={`The ladder of ${program.name}, lowest rank first`} busy={busy}>
        <TableHead
          columns={[numberColumn('#'), 'Rank', 'Kind', numberColumn('Stripes'), numberColumn('Test fee'), 'Grade', 'Asks', 'Examined on']}
          actions
        />
        <tbody>
          {ranks.map((r, i) => (
            <tr key={r._id}>
              <td data-label="#" className="cell-number">
                {r.position}
              </td>
              <td data-label="Rank" className="cell-nowrap">
                <BeltName belt={r} />
                <RankLinks lines={rankLinks(r, ranks, others)} />
              </td>
              <td data-label="Kind">{r.kind}</td>
              <td data-label="Stripes" className="cell-number">
                {r.stripeMax}
              </td>
              <td data-label="Test fee" className="cell-number">
                {money(Number(r.testFee))}
              </td>
              <td data-label="Grade">{r.gradeKey ?? '—'}</td>
              <td data-label="Asks">{r.requirements.length ? plural(r.requirements.length, 'requirement') : 'Nothing'}</td>
              <td data-label="Examined on">{r.techniques.length ? plural(r.techniques.length, 'technique') : '—'}</td>
              <ActionsCell>
                <button type="button" className="btn btn-secondary btn-sm" disabled={busy || i === 0} onClick={() => void move(i, -1)}>
                  Up<span className="visually-hidden"> {r.name}</span>
                </button>
                <button
                  type="button"
                  className="btn btn-secondary btn-sm"
                  disabled={busy || i === ranks.length - 1}
                  onClick={() => void move(i, 1)}
                >
                  Down<span className="visually-hidden"> {r.name}</span>
                </button>
                <PanelLink className="btn btn-secondary btn-sm" href={`${here}/${encodeURIComponent(r._id)}`}>
                  Edit<span className="visually-hidden"> {r.name}</span>
                </PanelLink>
                <DeleteButton what={r.name} onClick={() => setDeleting(r)} />
              </ActionsCell>
            </tr>
          ))}
        </tbody>
      </DataTable>
      {deleting && (
        <ConfirmDialog
          title={`Delete ${deleting.name}?`}
          confirmLabel="Delete rank"
          busyLabel="Deleting…"
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            await deleteRank(program.slug, deleting._id);
            setDeleting(null);
            setFlash(`${deleting.name} deleted`);
            reload();
          }}
        >
          <p>Its requirements and techniques go with it. A rank someone holds, or a grading uses, cannot be deleted.</p>
        </ConfirmDialog>
      )}
    </>
  );
}
