import { useEffect, useState } from 'react';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { navigate, PanelLink } from '#web/panel/router.tsx';
import { GradingDetail } from './grading-detail.tsx';
import { GradingForm } from './grading-form.tsx';
import { GradingList } from './grading-list.tsx';
import type { GradingsQuery } from './gradings-api.ts';

/** Gradings at `<base>`, a new one at `<base>/new`, one grading's tabs at `<base>/<id>/<tab>`; the list keeps its filters meanwhile. */
export default function GradingsScreen({ base, path, user }: PanelScreenProps) {
  const [query, setQuery] = useState<GradingsQuery>({ page: 1, status: '', program: '' });
  const [flash, setFlash] = useState('');
  const [sub, tab] = path;
  useEffect(() => {
    if (sub) setFlash('');
  }, [sub]);
  if (!sub) return <GradingList base={base} query={query} setQuery={setQuery} flash={flash} />;
  if (sub === 'new')
    return (
      <div className="panel-screen admin-gradings" data-ready="">
        <p className="back-link">
          <PanelLink href={base}>← Gradings</PanelLink>
        </p>
        <GradingForm
          grading={null}
          onSaved={(message, id) => {
            setFlash(message);
            navigate(`${base}/${encodeURIComponent(id)}/candidates`);
          }}
          onCancel={() => navigate(base)}
        />
      </div>
    );
  return <GradingDetail base={base} id={decodeURIComponent(sub)} tab={tab ?? 'details'} flash={flash} me={user._id} />;
}
