import { UnmetList } from './grading-parts.tsx';
import { ActionsCell, DataTable, TableHead } from '#web/panel/resource/list-kit.tsx';
import type { Prospect } from './gradings-api.ts';
import { BeltName } from '#web/components/belt.tsx';

type Props = { id: string; title: string; empty: string; prospects: Prospect[]; onInvite: (p: Prospect) => void };

/** Members who could grade here but are not candidates: their belts, and what each still lacks. */
export function ProspectTable({ id, title, empty, prospects, onInvite }: Props) {
  return (
    <section aria-labelledby={`${id}-h`} data-prospects={id}>
      <h2 id={`${id}-h`}>
        {title} ({prospects.length})
      </h2>
      {prospects.length ? (
        <DataTable id={id} caption={title} busy={false}>
          <TableHead columns={['Member', 'Current', 'Next', 'Not yet met']} actions />
          <tbody>
            {prospects.map((p) => (
              <tr key={p.userId} data-id={p.userId}>
                <th scope="row" data-label="Member">
                  {p.name}
                  {p.studentId && <span className="cell-note cell-code">{p.studentId}</span>}
                </th>
                <td data-label="Current">
                  <BeltName belt={p.currentRank} />
                </td>
                <td data-label="Next">
                  <BeltName belt={p.nextRank} />
                </td>
                <td data-label="Not yet met">{p.unmet.length ? <UnmetList checks={p.unmet} /> : 'Everything met'}</td>
                <ActionsCell>
                  <button type="button" className="btn btn-primary btn-sm" onClick={() => onInvite(p)}>
                    Invite<span className="visually-hidden"> {p.name}</span>
                  </button>
                </ActionsCell>
              </tr>
            ))}
          </tbody>
        </DataTable>
      ) : (
        <p className="empty-state">{empty}</p>
      )}
    </section>
  );
}
