import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { LadderEditor } from './ladder-editor.tsx';
import { ProgramList } from './program-list.tsx';

/** Programs at `<base>`, a program's ladder at `<base>/<slug>`, a rank's form at `<base>/<slug>/<rankId|new>`. */
export default function ProgramsScreen({ base, path }: PanelScreenProps) {
  const [slug, rankId] = path.map(decodeURIComponent);
  if (!slug) return <ProgramList base={base} />;
  return <LadderEditor key={slug} base={base} slug={slug} rankId={rankId} />;
}
