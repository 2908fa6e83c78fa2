import { useState } from 'react';
import { SchoolTime } from '#web/components/school-zone.tsx';
import { PanelLink } from '#web/panel/router.tsx';
import { DataTable, ListMessages, ListResults, ListScreen, TableHead, numberColumn } from '#web/panel/resource/list-kit.tsx';
import { useList } from '#web/panel/resource/use-list.ts';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { WaiverDocumentPage } from './waiver-document.tsx';
import { WaiverForm } from './waiver-form.tsx';
import { readDocuments } from './waivers-api.ts';

/** Waiver documents at `<base>`, one document (edit, required, who signed and who is missing) at `<base>/<id>`. */
export default function WaiversScreen({ base, path }: PanelScreenProps) {
  const [sub] = path;
  if (sub) return <WaiverDocumentPage key={sub} base={base} id={decodeURIComponent(sub)} />;
  return <WaiverDocuments base={base} />;
}

function WaiverDocuments({ base }: { base: string }) {
  const [query, setQuery] = useState({ page: 1 });
  const list = useList({ query, setQuery, read: readDocuments, empty: { items: [] } });
  const [adding, setAdding] = useState(false);
  return (
    <ListScreen list={list} className="admin-waivers">
      <h1>Waivers</h1>
      <p className="lead">
        The documents people sign before their first class. Each change of text is a new version; what was signed never changes.
      </p>
      <ListMessages list={list} />
      {adding ? (
        <WaiverForm
          onSaved={(_, message) => {
            setAdding(false);
            list.done(message);
          }}
          onCancel={() => setAdding(false)}
        />
      ) : (
        <p>
          <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
            New waiver
          </button>
        </p>
      )}
      <ListResults list={list} noun="waivers" singular="waiver" paged={false}>
        <DataTable id="waivers" caption="Waiver documents" busy={list.loading}>
          <TableHead columns={['Title', 'Version', 'Status', numberColumn('Signed'), numberColumn('Missing'), 'Updated']} />
          <tbody>
            {list.items.map((d) => (
              <tr key={d._id} data-id={d._id}>
                <th scope="row">
                  <PanelLink href={`${base}/${encodeURIComponent(d._id)}`}>{d.title}</PanelLink>
                </th>
                <td data-label="Version">{d.currentVersion ? `Version ${d.currentVersion}` : 'Not published'}</td>
                <td data-label="Status">
                  {d.required && <span className="badge badge-active">Required</span>}{' '}
                  {d.isActive ? <span className="badge">Active</span> : <span className="badge badge-blocked">Inactive</span>}
                </td>
                <td data-label="Signed" className="cell-number">
                  {d.signedCount ?? '—'}
                </td>
                <td data-label="Missing" className="cell-number">
                  {d.missingCount ?? '—'}
                </td>
                <td data-label="Updated">
                  <SchoolTime iso={d.updatedAt} show="shortDate" />
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </ListResults>
    </ListScreen>
  );
}
