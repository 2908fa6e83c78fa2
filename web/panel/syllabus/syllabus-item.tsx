import { useEffect, useState } from 'react';
import { categoryLabel, gradeLabel } from '#core/syllabus/grade-labels.ts';
import { FormAlert } from '#web/components/form-kit.tsx';
import { Loading } from '#web/components/loading.tsx';
import { safeHref } from '#web/components/safe-url.ts';
import { errorMessage } from '#web/lib/api.ts';
import { PanelLink } from '#web/panel/router.tsx';
import { readSyllabusItem, type SyllabusItem, type SyllabusMaterial } from './syllabus-api.ts';

const KIND_WORDS: Record<string, string> = { document: 'Document', image: 'Image', video: 'Video' };

function sizeText(bytes: number) {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** A material opens through the authorised download (a link signed for this viewer, good for a short while). */
function MaterialLink({ m }: { m: SyllabusMaterial }) {
  const href = safeHref(m.url);
  const facts = `${KIND_WORDS[m.kind] ?? m.kind}, ${sizeText(m.size)}`;
  if (!href)
    return (
      <span>
        {m.filename} ({facts})
      </span>
    );
  return (
    <a href={href} {...(m.kind === 'document' ? { download: m.filename } : { target: '_blank', rel: 'noopener' })}>
      {m.filename}
      <span className="syllabus-facts"> ({facts})</span>
    </a>
  );
}

export function SyllabusItemCard({ item }: { item: SyllabusItem }) {
  const links = item.externalLinks.map((l) => ({ ...l, href: safeHref(l.url) })).filter((l) => l.href);
  return (
    <article className="card syllabus-item" aria-labelledby={`sy-${item._id}`}>
      <h3 id={`sy-${item._id}`}>{item.title}</h3>
      {item.description && <p className="syllabus-description">{item.description}</p>}
      {item.materials.length > 0 && (
        <>
          <h4>Materials</h4>
          <ul className="syllabus-list">
            {item.materials.map((m) => (
              <li key={m._id}>
                <MaterialLink m={m} />
              </li>
            ))}
          </ul>
        </>
      )}
      {links.length > 0 && (
        <>
          <h4>Links</h4>
          <ul className="syllabus-list">
            {links.map((l) => (
              <li key={l.href}>
                <a href={l.href!} target="_blank" rel="noopener noreferrer">
                  {l.title || l.url}
                  <span className="syllabus-facts"> ({l.type}, opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
    </article>
  );
}

/** One item on its own (`…/syllabus/item/<id>`), as "My belt" links a technique of the next belt. */
export function OneSyllabusItem({ id, base }: { id: string; base: string }) {
  const [item, setItem] = useState<{ id: string; item: SyllabusItem } | null>(null);
  const [alert, setAlert] = useState('');
  useEffect(() => {
    const ctl = new AbortController();
    setAlert('');
    readSyllabusItem(id, ctl.signal).then(
      (found) => found && setItem({ id, item: found }),
      (err) => !ctl.signal.aborted && setAlert(errorMessage(err)),
    );
    return () => ctl.abort();
  }, [id]);
  const shown = item?.id === id ? item.item : null;
  return (
    <div className="panel-screen syllabus-screen" data-ready={shown || alert ? '' : undefined}>
      <h1>Syllabus</h1>
      {shown && (
        <p className="syllabus-grade">
          {gradeLabel(shown.grade)} · {categoryLabel(shown.category)}
        </p>
      )}
      <FormAlert message={alert} />
      {shown ? <SyllabusItemCard item={shown} /> : !alert && <Loading label="Loading the syllabus item…" />}
      <p>
        <PanelLink href={base}>The whole syllabus</PanelLink>
      </p>
    </div>
  );
}
