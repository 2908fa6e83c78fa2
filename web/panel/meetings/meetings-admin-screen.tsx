import { useEffect, useState } from 'react';
import { FormAlert } from '#web/components/form-kit.tsx';
import { Loading } from '#web/components/loading.tsx';
import { errorMessage } from '#web/lib/api.ts';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { navigate, PanelLink } from '#web/panel/router.tsx';
import { FIRST_QUERY, MeetingAdminList, type MeetingsQuery } from './meeting-admin-list.tsx';
import { MeetingForm } from './meeting-form.tsx';
import { readMeeting, type MeetingView } from './meetings-api.ts';

type Loaded = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; meeting: MeetingView };

function EditMeeting({ id, onSaved, onCancel }: { id: string; onSaved: (m: string) => void; onCancel: () => void }) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  useEffect(() => {
    const ctl = new AbortController();
    readMeeting(id, ctl.signal).then(
      (meeting) => setLoaded(meeting ? { state: 'ready', meeting } : { state: 'failed', message: 'Meeting not found' }),
      (err) => !ctl.signal.aborted && setLoaded({ state: 'failed', message: errorMessage(err) }),
    );
    return () => ctl.abort();
  }, [id]);
  if (loaded.state === 'loading') return <Loading label="Loading..." />;
  if (loaded.state === 'failed') return <FormAlert message={loaded.message} />;
  return <MeetingForm meeting={loaded.meeting} onSaved={onSaved} onCancel={onCancel} />;
}

/** The school's meetings at `<base>`, a new one at `<base>/new`, one meeting's form at `<base>/<id>`; the list keeps its filters meanwhile. */
export default function MeetingsAdminScreen({ base, path }: PanelScreenProps) {
  const [query, setQuery] = useState<MeetingsQuery>(FIRST_QUERY);
  const [flash, setFlash] = useState('');
  const [sub] = path;
  useEffect(() => {
    if (sub) setFlash('');
  }, [sub]);
  if (!sub) return <MeetingAdminList base={base} query={query} setQuery={setQuery} flash={flash} />;
  const saved = (message: string) => {
    setFlash(message);
    navigate(base);
  };
  return (
    <div className="panel-screen admin-meetings" data-ready="">
      <p className="back-link">
        <PanelLink href={base}>← Meetings</PanelLink>
      </p>
      {sub === 'new' ? (
        <MeetingForm meeting={null} onSaved={saved} onCancel={() => navigate(base)} />
      ) : (
        <EditMeeting id={decodeURIComponent(sub)} onSaved={saved} onCancel={() => navigate(base)} />
      )}
    </div>
  );
}
