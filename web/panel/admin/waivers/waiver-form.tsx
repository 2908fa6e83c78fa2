import type { FormEvent } from 'react';
import { WAIVER_LIMITS } from '#core/waivers/waiver-options.ts';
import { CheckField, Field, FormActions, HeadedForm, useForm, type Errors } from '#web/components/form-kit.tsx';
import { createDocument, updateDocument, type WaiverDocument } from './waivers-api.ts';

function check(title: string, body: string): Errors {
  const errors: Errors = {};
  if (!title) errors.title = 'Title is required';
  else if (title.length > WAIVER_LIMITS.titleMax) errors.title = `At most ${WAIVER_LIMITS.titleMax} characters`;
  if (!body) errors.body = 'The waiver text is required';
  else if (body.length > WAIVER_LIMITS.bodyMax) errors.body = `At most ${WAIVER_LIMITS.bodyMax} characters`;
  return errors;
}

type Props = { doc?: WaiverDocument; onSaved: (doc: WaiverDocument, message: string) => void; onCancel?: () => void };

/** A new waiver (published as version 1) or an existing one's title, text and whether it is offered; new text is a new version. */
export function WaiverForm({ doc, onSaved, onCancel }: Props) {
  const { errors, alert, busy, submit, field } = useForm();
  const editing = !!doc;
  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    const title = String(data.get('title') ?? '').trim();
    const body = String(data.get('body') ?? '').trim();
    const isActive = data.get('isActive') === 'on';
    await submit(form, check(title, body), async () => {
      if (!doc) {
        const created = await createDocument({ title, body });
        form.reset();
        return onSaved(created, `“${created.title}” published as version 1.`);
      }
      const bodyChanged = body !== (doc.current?.body ?? '').trim();
      const saved = await updateDocument(doc._id, { title, isActive, ...(bodyChanged ? { body } : {}) });
      onSaved(saved, bodyChanged ? `Version ${saved.currentVersion} published: people will be asked to sign again.` : 'Waiver saved.');
    });
  }
  return (
    <HeadedForm
      headingId={editing ? 'waiver-edit-title' : 'waiver-new-title'}
      title={editing ? 'Edit the waiver' : 'New waiver'}
      busy={busy}
      alert={alert}
      onSubmit={onSubmit}
      className="card waiver-form"
    >
      {editing && (
        <p className="notice" id="waiver-version-notice">
          Changing the text publishes version {(doc.currentVersion ?? 0) + 1}: people will be asked to sign again at their next booking.
          What they signed before stays exactly as it was.
        </p>
      )}
      <Field {...field('title')} label="Title" maxLength={WAIVER_LIMITS.titleMax} defaultValue={doc?.title ?? ''} error={errors.title} />
      <Field
        {...field('body')}
        label="Text"
        hint="Markdown: # headings, **bold**, lists. This exact text is what people sign."
        rows={14}
        wide
        defaultValue={doc?.current?.body ?? ''}
        error={errors.body}
      />
      {editing && <CheckField {...field('isActive')} label="Offered for signing (active)" defaultChecked={doc.isActive} />}
      <FormActions busy={busy} label={editing ? 'Save' : 'Publish version 1'} busyLabel="Saving…" onCancel={onCancel} />
    </HeadedForm>
  );
}
