import { scoreRange } from '#core/gradings/score-schemas.ts';
import type { FieldError } from '#web/lib/api.ts';

/** A technique of a target rank as the score sheet reads it (the ladders slice's Rank.techniques). */
export type SheetTechnique = {
  _id: string;
  title: string;
  category?: string | null;
  maxScore: number;
  passScore: number;
  weight: number;
  mandatory: boolean;
  position?: number;
};

/** One candidate on MY sheet (`GET /api/gradings/:id/sheet`). */
export type SheetCandidate = {
  candidateId: string;
  name: string;
  targetRankId: string;
  targetRank?: { _id: string; name: string; colorHex: string | null };
  status: string;
  scores: Record<string, number>;
  comment: string | null;
  lockedAt: string | null;
};

/** What the examiner has typed for one candidate: the inputs' raw text, kept until saved. */
export type Draft = { scores: Record<string, string>; comment: string };

/** Candidates an examiner scores: present, or decided after scoring. Absent and not-yet-present ones are not on the sheet. */
export const SCORABLE = ['present', 'passed', 'failed'] as const;
export const isScorable = (c: SheetCandidate) => (SCORABLE as readonly string[]).includes(c.status);

export function draftOf(c: SheetCandidate): Draft {
  const scores: Record<string, string> = {};
  for (const [id, v] of Object.entries(c.scores)) scores[id] = String(v);
  return { scores, comment: c.comment ?? '' };
}

/** The score typed, as a whole number in 0..max; null when blank; NaN when it is not one (the message says why). */
export function parseScore(raw: string | undefined, max: number): number | null {
  const t = (raw ?? '').trim();
  if (t === '') return null;
  if (!/^\d+$/.test(t)) return Number.NaN;
  const n = Number(t);
  return n <= max ? n : Number.NaN;
}

/** Per technique id, the API's words (core's scoreRange) for a typed score it would refuse. Blank is not an error until locking. */
export function draftErrors(draft: Draft, techniques: readonly SheetTechnique[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const t of techniques) if (Number.isNaN(parseScore(draft.scores[t._id], t.maxScore))) out[t._id] = scoreRange(t.maxScore);
  return out;
}

/** How many techniques have a valid score typed, of how many. */
export function completeness(draft: Draft, techniques: readonly SheetTechnique[]) {
  const scored = techniques.filter((t) => {
    const n = parseScore(draft.scores[t._id], t.maxScore);
    return n !== null && !Number.isNaN(n);
  }).length;
  return { scored, total: techniques.length, complete: techniques.length > 0 && scored === techniques.length };
}

/** True when the draft differs from what the server holds for this candidate. */
export function isDirty(draft: Draft, c: SheetCandidate, techniques: readonly SheetTechnique[]): boolean {
  if (draft.comment.trim() !== (c.comment ?? '').trim()) return true;
  return techniques.some((t) => {
    const typed = parseScore(draft.scores[t._id], t.maxScore);
    const saved = c.scores[t._id] ?? null;
    return Number.isNaN(typed) || typed !== saved;
  });
}

/** The body of `PUT /api/gradings/:id/scores`: every technique with a score typed, in the techniques' order. */
export function scoresBody(candidateId: string, draft: Draft, techniques: readonly SheetTechnique[]) {
  const scores = techniques.flatMap((t) => {
    const n = parseScore(draft.scores[t._id], t.maxScore);
    return n === null || Number.isNaN(n) ? [] : [{ techniqueId: t._id, score: n }];
  });
  const comment = draft.comment.trim();
  return { candidateId, scores, comment: comment || null };
}

/** The server's field errors (`scores.2.score`) put back on the techniques they name, using the body that was sent. */
export function errorsByTechnique(errors: readonly FieldError[], sent: ReturnType<typeof scoresBody>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errors) {
    const m = /^scores\.(\d+)/.exec(String(e.path));
    const id = m ? sent.scores[Number(m[1])]?.techniqueId : undefined;
    if (id) out[id] ??= e.message;
    else if (String(e.path) === 'comment') out.comment ??= e.message;
  }
  return out;
}

/** The candidate's saved sheet after a good save, as the server now holds it. */
export function savedFrom(c: SheetCandidate, body: ReturnType<typeof scoresBody>): SheetCandidate {
  const scores = { ...c.scores };
  for (const s of body.scores) scores[s.techniqueId] = s.score;
  return { ...c, scores, comment: body.comment };
}
