import { useEffect, useState } from 'react';
import { FormAlert } from '#web/components/form-kit.tsx';
import { Loading } from '#web/components/loading.tsx';
import { useSchoolZone } from '#web/components/school-zone.tsx';
import { errorMessage } from '#web/lib/api.ts';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { navigate, PanelLink } from '#web/panel/router.tsx';
import { SessionForm } from './session-form.tsx';
import { SessionWeek, type WeekQuery } from './session-week.tsx';
import { readSession, type SessionView } from './sessions-api.ts';
import { thisMonday } from './week.ts';

type Loaded = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; session: SessionView };

function EditSession({ id, onSaved, onCancel }: { id: string; onSaved: (m: string) => void; onCancel: () => void }) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  useEffect(() => {
    const ctl = new AbortController();
    readSession(id, ctl.signal).then(
      (session) => setLoaded(session ? { state: 'ready', session } : { state: 'failed', message: 'Session not found' }),
      (err) => !ctl.signal.aborted && setLoaded({ state: 'failed', message: errorMessage(err) }),
    );
    return () => ctl.abort();
  }, [id]);
  if (loaded.state === 'loading') return <Loading label="Loading..." />;
  if (loaded.state === 'failed') return <FormAlert message={loaded.message} />;
  return <SessionForm session={loaded.session} onSaved={onSaved} onCancel={onCancel} />;
}

/** The week of sessions at `<base>`, a one-off at `<base>/new`, one session's form at `<base>/<id>`; the week stays while editing. */
export default function SessionsScreen({ base, path }: PanelScreenProps) {
  const zone = useSchoolZone();
  const [query, setQuery] = useState<WeekQuery>(() => ({ page: 1, monday: thisMonday(zone) }));
  const [flash, setFlash] = useState('');
  const [sub] = path;
  useEffect(() => {
    if (sub) setFlash('');
  }, [sub]);
  if (!sub) return <SessionWeek base={base} query={query} setQuery={setQuery} flash={flash} />;
  const saved = (message: string) => {
    setFlash(message);
    navigate(base);
  };
  return (
    <div className="panel-screen admin-sessions" data-ready="">
      <p className="back-link">
        <PanelLink href={base}>← Sessions</PanelLink>
      </p>
      {sub === 'new' ? (
        <SessionForm session={null} onSaved={saved} onCancel={() => navigate(base)} />
      ) : (
        <EditSession id={decodeURIComponent(sub)} onSaved={saved} onCancel={() => navigate(base)} />
      )}
    </div>
  );
}
