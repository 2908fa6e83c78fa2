import { useEffect, useRef, useState, type FormEvent } from 'react';
import { WAIVER_LIMITS, WAIVER_MESSAGES } from '#core/waivers/waiver-options.ts';
import { CheckField, Field, FormActions, HeadedForm, useForm, type Errors } from '#web/components/form-kit.tsx';
import { Loading } from '#web/components/loading.tsx';
import { SchoolTime } from '#web/components/school-zone.tsx';
import { TextBlocks } from '#web/components/text-blocks.tsx';
import { ApiError, errorMessage } from '#web/lib/api.ts';
import { openDocument } from '#web/lib/enrollment-panel-download.ts';
import { readFamily } from '#web/lib/family-api.ts';
import { displayName, type SessionUser } from '#web/lib/session.ts';
import { PanelLink } from '#web/panel/router.tsx';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { SignaturePad } from './signature-pad.tsx';
import { signatureSvg, svgDataUrl, type Stroke } from './signature-svg.ts';
import { readWaiver, readWaiverStatus, signWaiver, type WaiverDocumentView, type WaiverSignatureView } from './waiver-api.ts';

type Params = { document: string; for: string; return: string };
type Loaded = { doc: WaiverDocumentView | null; person: { _id: string; name: string; self: boolean }; signed: WaiverSignatureView | null };

const params = (): Params => {
  const q = new URLSearchParams(window.location.search);
  return { document: q.get('document') ?? '', for: q.get('for') ?? '', return: q.get('return') ?? '' };
};
/** Only a path of this site is a place to come back to. */
const safeReturn = (r: string) => (r.startsWith('/') && !r.startsWith('//') ? r : '');

/** The waiver (the required one without `?document=`), the person it is signed for, and their signature of the current version if any. */
async function load(p: Params, me: SessionUser, signal: AbortSignal): Promise<Loaded> {
  const family = p.for && p.for !== me._id ? await readFamily(signal) : null;
  const child = family?.children.find((c) => c._id === p.for);
  const person = child ? { _id: child._id, name: child.name, self: false } : { _id: me._id, name: displayName(me), self: true };
  const status = await readWaiverStatus(person.self ? null : person._id, signal);
  const documentId = p.document || status?.required?.documentId || '';
  const doc = documentId ? await readWaiver(documentId, signal) : null;
  const signed = status?.signature && status.signature.documentId === documentId && status.signature.current ? status.signature : null;
  return { doc, person, signed };
}

/**
 * "Waiver": reads `?document=&for=&return=`, shows the document's current text, version and SHA-256, and
 * signs it — agree, typed full name, a drawn signature optional — for oneself or, as guardian, for a child.
 */
export default function WaiverScreen({ base, user }: PanelScreenProps) {
  const [p] = useState(params);
  const [state, setState] = useState<Loaded | null>(null);
  const [error, setError] = useState('');
  const [reload, setReload] = useState(0);
  const [notice, setNotice] = useState('');
  useEffect(() => {
    const ctl = new AbortController();
    load(p, user, ctl.signal).then(setState, (err) => !ctl.signal.aborted && setError(errorMessage(err)));
    return () => ctl.abort();
  }, [p, user, reload]);

  const back = safeReturn(p.return);
  if (!state)
    return (
      <section className="panel-screen waiver-screen" data-state={error ? 'failed' : 'loading'}>
        <h2>Waiver</h2>
        {error ? (
          <p className="form-alert" role="alert">
            {error}
          </p>
        ) : (
          <Loading label="Loading the waiver…" />
        )}
      </section>
    );
  const { doc, person, signed } = state;
  if (!doc?.current)
    return (
      <section className="panel-screen waiver-screen" data-ready="">
        <h2>Waiver</h2>
        <p>{doc ? WAIVER_MESSAGES.notPublished : 'The school asks for no waiver right now.'}</p>
        <Continue href={back} base={base} />
      </section>
    );
  const v = doc.current;
  return (
    <section className="panel-screen waiver-screen" data-ready="">
      <h2>{doc.title}</h2>
      <p className="waiver-meta muted">
        Version {v.version}, published <SchoolTime iso={v.publishedAt} show="date" /> · SHA-256{' '}
        <code title={v.bodySha256} aria-label={`SHA-256 starting ${v.bodySha256.slice(0, 12)}`}>
          {v.bodySha256.slice(0, 12)}…
        </code>
      </p>
      <p role="status" className="form-status">
        {notice}
      </p>
      <article className="card waiver-text" aria-label={`${doc.title}, version ${v.version}`} tabIndex={0}>
        <TextBlocks text={v.body} />
      </article>
      {signed ? (
        <Signed signature={signed} back={back} base={base} />
      ) : (
        <SignForm
          key={v._id}
          doc={doc}
          person={person}
          onSigned={(s) => setState({ ...state, signed: s })}
          onChanged={(message) => {
            setNotice(message);
            setReload((n) => n + 1);
          }}
        />
      )}
    </section>
  );
}

type FormProps = {
  doc: WaiverDocumentView;
  person: Loaded['person'];
  onSigned: (s: WaiverSignatureView) => void;
  onChanged: (message: string) => void;
};

function SignForm({ doc, person, onSigned, onChanged }: FormProps) {
  const form = useForm();
  const ref = useRef<HTMLFormElement>(null);
  const [strokes, setStrokes] = useState<Stroke[]>([]);
  const [padError, setPadError] = useState('');
  const version = doc.current!;

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const el = e.currentTarget;
    const data = new FormData(el);
    const typedName = String(data.get('typedName') ?? '').trim();
    const found: Errors = {};
    if (data.get('agree') !== 'on') found.agree = WAIVER_MESSAGES.mustAgree;
    if (!typedName || typedName.length > WAIVER_LIMITS.typedNameMax) found.typedName = WAIVER_MESSAGES.typedNameRequired;
    const svg = strokes.length ? signatureSvg(strokes) : null;
    if (svg && svg.length > WAIVER_LIMITS.signatureMaxBytes) {
      setPadError(`${WAIVER_MESSAGES.signatureTooLarge}: clear it and sign again more simply, or sign with your typed name.`);
      return;
    }
    setPadError('');
    void form.submit(el, found, async () => {
      try {
        const body = await signWaiver(doc._id, {
          signedFor: person.self ? 'me' : person._id,
          typedName,
          signature: svg ? svgDataUrl(svg) : null,
          agree: true,
          textSha256: version.bodySha256,
        });
        onSigned(body.data!);
      } catch (err) {
        // The text changed under the signer: show the new version, to read before signing it.
        if (err instanceof ApiError && err.status === 409 && err.details.version !== undefined)
          return onChanged(`${err.message}. Version ${String(err.details.version)} is shown below.`);
        // Signed meanwhile (another tab, the other guardian): show that signature.
        if (err instanceof ApiError && err.status === 409 && err.message === WAIVER_MESSAGES.alreadySigned) return onChanged(err.message);
        throw err;
      }
    });
  }

  return (
    <HeadedForm
      ref={ref}
      headingId={`${form.id}-title`}
      title={person.self ? 'Sign' : `Sign for ${person.name}`}
      busy={form.busy}
      alert={form.alert}
      className="form card waiver-form"
      onSubmit={onSubmit}
      data-ready={form.readyAttr}
    >
      {!person.self && (
        <p className="muted">
          You sign as parent or guardian of {person.name}. The signed copy is kept by the school and you can download it.
        </p>
      )}
      <CheckField
        {...form.field('agree')}
        label={`I have read version ${version.version} of this waiver and agree to it${person.self ? '' : ` for ${person.name}`}.`}
      />
      <Field
        {...form.field('typedName')}
        label="Your full name"
        hint="Typing your name signs the waiver; a drawn signature below is optional."
        autoComplete="name"
        maxLength={WAIVER_LIMITS.typedNameMax}
      />
      <SignaturePad id={`${form.id}-pad`} strokes={strokes} onChange={setStrokes} disabled={form.busy} />
      {padError && (
        <p className="field-error" role="alert">
          {padError}
        </p>
      )}
      <FormActions busy={form.busy} label="Sign the waiver" busyLabel="Signing…" />
    </HeadedForm>
  );
}

function Signed({ signature: s, back, base }: { signature: WaiverSignatureView; back: string; base: string }) {
  const [alert, setAlert] = useState('');
  return (
    <div className="card waiver-signed" data-signed="">
      <p className="form-status" role="status">
        Signed {s.signedBy && s.signedBy._id !== s.signedFor._id ? `for ${s.signedFor.name} ` : ''}by {s.typedName},{' '}
        <SchoolTime iso={s.signedAt} />
      </p>
      {alert && (
        <p className="form-alert" role="alert">
          {alert}
        </p>
      )}
      <div className="btn-row">
        <a
          className="btn btn-secondary"
          href={s.pdfUrl}
          onClick={(e) => {
            e.preventDefault();
            setAlert('');
            openDocument(s.pdfUrl, `waiver-${s._id}.pdf`).catch((err) => setAlert(errorMessage(err)));
          }}
        >
          Download signed PDF
        </a>
        <Continue href={back} base={base} />
      </div>
    </div>
  );
}

/** Back to where the signing started: in the panel without a reload, elsewhere with one. */
function Continue({ href, base }: { href: string; base: string }) {
  if (!href) return null;
  const panelBase = base.slice(0, base.lastIndexOf('/'));
  return href.startsWith(`${panelBase}/`) ? (
    <PanelLink className="btn btn-primary" href={href}>
      Continue
    </PanelLink>
  ) : (
    <a className="btn btn-primary" href={href}>
      Continue
    </a>
  );
}
