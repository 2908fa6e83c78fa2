import { useState } from 'react';
import type { EnrollmentDocumentView } from '#core/enrollments/views.ts';
import { FormAlert } from '#web/components/form-kit.tsx';

type Props = {
  documents: EnrollmentDocumentView[];
  className?: string;
  /** Marks each link `data-document` (the school's screens). */
  marked?: boolean;
  /** Documents are served only with the token, so a click fetches through this instead of following the link. */
  open: (url: string, name: string) => Promise<void>;
  failure: (err: unknown) => string;
};

/** An enrolment's uploaded documents with their sizes; a failure to open one is shown below the list. */
export function DocumentList({ documents, className, marked, open, failure }: Props) {
  const [alert, setAlert] = useState('');
  return (
    <>
      <ul className={className}>
        {documents.map((d) => (
          <li key={d.url}>
            <a
              href={d.url}
              data-document={marked ? '' : undefined}
              onClick={(e) => {
                e.preventDefault();
                setAlert('');
                open(d.url, d.name).catch((err: unknown) => setAlert(failure(err)));
              }}
            >
              {d.name}
            </a>{' '}
            <span className="muted">({Math.max(1, Math.round(d.size / 1024))} KB)</span>
          </li>
        ))}
      </ul>
      <FormAlert message={alert} />
    </>
  );
}
