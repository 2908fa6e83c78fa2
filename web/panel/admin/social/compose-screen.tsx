import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { platformProblem } from '#core/social/platform-limits.ts';
import type { SocialPlatform } from '#core/social/platforms.ts';
import { SOCIAL_LIMITS, SOCIAL_MESSAGES } from '#core/social/social-options.ts';
import { Field, FormAlert } from '#web/components/form-kit.tsx';
import { ApiError, errorMessage } from '#web/lib/api.ts';
import { ChosenMedia } from './chosen-media.tsx';
import { ComposeResult } from './compose-result.tsx';
import { useSchoolZone, zoneLabel } from '#web/components/school-zone.tsx';
import { clearDraft, EMPTY_DRAFT, loadDraft, saveDraft, scheduleInstant, type Draft } from './compose-draft.ts';
import { MediaPicker } from './media-picker.tsx';
import { PlatformChoices } from './platform-choices.tsx';
import { PostPreview } from './post-preview.tsx';
import { createPost, readAccounts, type AccountView, type PostView } from './social-api.ts';

type Errors = { content?: string; platforms?: string };

/** Why the post cannot be sent yet, from the same checks the server makes (core/social/platform-limits.ts). */
function blockers(d: Draft, now: number, zone: string): string[] {
  const media = d.media.map((m) => ({ kind: m.mediaType, mimeType: m.mimeType }));
  const found = d.platforms.map((p) => platformProblem(p, d.content, media)).filter((p): p is string => !!p);
  const at = scheduleInstant(d.schedule, zone);
  if (at === null) found.push(SOCIAL_MESSAGES.scheduleInvalid);
  else if (at && new Date(at).getTime() <= now) found.push(SOCIAL_MESSAGES.scheduleInPast);
  return found;
}

/** `/admin/social/new`: write once, choose platforms, see it as each shows it, send now or at a time. */
export function ComposeScreen({ base }: { base: string }) {
  const zone = useSchoolZone();
  const [draft, setDraftState] = useState<Draft>(loadDraft);
  const [accounts, setAccounts] = useState<Map<SocialPlatform, AccountView> | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState('');
  const [details, setDetails] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [picking, setPicking] = useState(false);
  const [result, setResult] = useState<{ post: PostView; message: string } | null>(null);
  const setDraft = (d: Draft) => {
    setDraftState(d);
    saveDraft(d);
  };

  useEffect(() => {
    const ctl = new AbortController();
    readAccounts(ctl.signal).then(
      (r) => setAccounts(new Map(r.accounts.map((a) => [a.platform, a]))),
      (err) => {
        if (ctl.signal.aborted) return;
        setAccounts(new Map());
        setAlert(`Accounts could not be read: ${errorMessage(err)}`);
      },
    );
    return () => ctl.abort();
  }, []);

  const problems = useMemo(() => blockers(draft, Date.now(), zone), [draft, zone]);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const found: Errors = {};
    if (!draft.content.trim()) found.content = SOCIAL_MESSAGES.contentRequired;
    if (draft.platforms.length === 0) found.platforms = SOCIAL_MESSAGES.platformRequired;
    setErrors(found);
    setAlert('');
    setDetails([]);
    if (found.content) return document.getElementById('compose-content')?.focus();
    if (found.platforms) return document.getElementById(`compose-${'facebook'}`)?.focus();
    if (blockers(draft, Date.now(), zone).length > 0) return setDraftState({ ...draft });
    setBusy(true);
    try {
      const at = scheduleInstant(draft.schedule, zone);
      const made = await createPost({
        content: draft.content,
        platforms: draft.platforms,
        mediaIds: draft.media.map((m) => m._id),
        ...(at ? { scheduleTime: at } : {}),
      });
      clearDraft();
      setDraftState(EMPTY_DRAFT);
      setResult(made);
    } catch (err) {
      setAlert(errorMessage(err));
      setDetails(err instanceof ApiError ? err.errors.map((x) => x.message).filter((m) => m !== errorMessage(err)) : []);
    } finally {
      setBusy(false);
    }
  }

  if (result) return <ComposeResult base={base} post={result.post} message={result.message} onAnother={() => setResult(null)} />;
  return (
    <div className="panel-screen social-compose" data-ready={accounts ? '' : undefined}>
      <div className="screen-head">
        <h1>Write a post</h1>
      </div>
      <FormAlert message={alert}>
        {details.length > 0 && (
          <ul>
            {details.map((d) => (
              <li key={d}>{d}</li>
            ))}
          </ul>
        )}
      </FormAlert>
      <div className="social-compose-layout">
        <form className="social-compose-form" noValidate onSubmit={(e) => void submit(e)}>
          <Field
            id="compose-content"
            name="content"
            label="Text"
            rows={7}
            value={draft.content}
            maxLength={SOCIAL_LIMITS.content}
            error={errors.content}
            onChange={(e) => setDraft({ ...draft, content: e.target.value })}
          />
          <PlatformChoices
            chosen={draft.platforms}
            accounts={accounts ?? new Map()}
            accountsHref={`${base}/accounts`}
            content={draft.content}
            error={errors.platforms}
            onChange={(platforms) => setDraft({ ...draft, platforms })}
          />
          <fieldset className="social-media-field">
            <legend>Media</legend>
            <ChosenMedia media={draft.media} onChange={(media) => setDraft({ ...draft, media })} />
            <button type="button" className="btn btn-secondary" onClick={() => setPicking(true)}>
              Choose from the media library
            </button>
          </fieldset>
          <Field
            id="compose-schedule"
            label="Publish at"
            type="datetime-local"
            optional
            hint={`School time (${zoneLabel(zone)}); leave empty to publish now.`}
            value={draft.schedule}
            onChange={(e) => setDraft({ ...draft, schedule: e.target.value })}
          />
          {problems.length > 0 && (
            <div id="compose-blocked" className="social-problems" role="status">
              <p>It cannot be sent yet:</p>
              <ul>
                {problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </div>
          )}
          <div className="btn-row">
            <button
              type="submit"
              className="btn btn-primary"
              disabled={busy || problems.length > 0}
              aria-describedby={problems.length > 0 ? 'compose-blocked' : undefined}
            >
              {busy ? 'Sending…' : draft.schedule ? 'Schedule post' : 'Publish now'}
            </button>
          </div>
        </form>
        <section className="social-previews" aria-labelledby="compose-previews">
          <h2 id="compose-previews">Preview</h2>
          {draft.platforms.length === 0 ? (
            <p className="field-hint">Choose a platform to see the post as it will appear there.</p>
          ) : (
            draft.platforms.map((p) => (
              <PostPreview key={p} platform={p} content={draft.content} media={draft.media} account={accounts?.get(p)} />
            ))
          )}
        </section>
      </div>
      {picking && (
        <MediaPicker
          chosen={draft.media}
          onClose={() => setPicking(false)}
          onDone={(media) => {
            setDraft({ ...draft, media });
            setPicking(false);
          }}
        />
      )}
    </div>
  );
}
