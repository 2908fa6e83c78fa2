import { useState } from 'react';
import { SchoolTime } from '#web/components/school-zone.tsx';
import { ConfirmDialog } from '#web/panel/resource/confirm-dialog.tsx';
import { ActionsCell, DataTable, ListMessages, ListResults, ListScreen, TableHead } from '#web/panel/resource/list-kit.tsx';
import { useList } from '#web/panel/resource/use-list.ts';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { readKiosks, revokeKiosk, type KioskDevice, type KiosksQuery } from './kiosks-api.ts';
import { NewKioskAddress, RegisterKioskForm, type Registered } from './register-kiosk.tsx';

/** The school's check-in tablets (issue 24 §4): register one (its address shown once), see when each was last seen, revoke. */
export default function KiosksScreen(_: PanelScreenProps) {
  const [query, setQuery] = useState<KiosksQuery>({ page: 1 });
  const list = useList({ query, setQuery, read: readKiosks, empty: { items: [] } });
  const [registered, setRegistered] = useState<Registered | null>(null);
  const [revoking, setRevoking] = useState<KioskDevice | null>(null);

  return (
    <ListScreen list={list} className="kiosks">
      <h1>Kiosks</h1>
      <p className="lead">
        A kiosk is a tablet at the door where people check in with their QR code or PIN. It keeps working when the Wi-Fi drops and sends the
        check-ins once it is back.
      </p>
      <ListMessages list={list} />
      {registered ? (
        <NewKioskAddress registered={registered} onDone={() => setRegistered(null)} />
      ) : (
        <RegisterKioskForm
          onRegistered={(r, message) => {
            setRegistered(r);
            list.done(message);
          }}
        />
      )}
      <h2>Registered kiosks</h2>
      <ListResults list={list} noun="kiosks" singular="kiosk" paged={false}>
        <DataTable id="kiosks" caption="Kiosks" busy={list.loading}>
          <TableHead columns={['Name', 'Location', 'Registered', 'Last seen', 'Status']} actions />
          <tbody>
            {list.items.map((d) => (
              <tr key={d._id} data-id={d._id}>
                <th scope="row" data-label="Name">
                  {d.name}
                </th>
                <td data-label="Location">{d.location ?? '—'}</td>
                <td data-label="Registered">
                  <SchoolTime iso={d.createdAt} />
                </td>
                <td data-label="Last seen">{d.lastSeenAt ? <SchoolTime iso={d.lastSeenAt} show="stamp" /> : 'Never'}</td>
                <td data-label="Status">
                  {d.revokedAt ? (
                    <span className="badge badge-blocked">
                      Revoked <SchoolTime iso={d.revokedAt} show="date" />
                    </span>
                  ) : (
                    <span className="badge badge-active">Active</span>
                  )}
                </td>
                <ActionsCell>
                  {!d.revokedAt && (
                    <button type="button" className="btn btn-secondary btn-sm" onClick={() => setRevoking(d)}>
                      Revoke<span className="visually-hidden"> {d.name}</span>
                    </button>
                  )}
                </ActionsCell>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </ListResults>
      {revoking && (
        <ConfirmDialog
          title={`Revoke ${revoking.name}?`}
          confirmLabel="Revoke kiosk"
          busyLabel="Revoking…"
          onClose={() => setRevoking(null)}
          onConfirm={async () => {
            const message = await revokeKiosk(revoking._id);
            setRevoking(null);
            list.done(message);
          }}
        >
          <p>
            The tablet stops checking people in at once, and check-ins it took offline and has not sent yet are refused. This cannot be
            undone: register it again to use it.
          </p>
        </ConfirmDialog>
      )}
    </ListScreen>
  );
}
