/**
 * A candidate's result from independent examiner sheets (issue 25 §5). Each examiner passes a candidate when
 * every mandatory technique reaches its pass score and the weighted total reaches the weighted pass mark;
 * the grading's rule then asks for a majority of the examiners who scored, or all of them.
 */
export type Technique = { id: string; maxScore: number; passScore: number; weight: number; mandatory: boolean };
export type Sheet = { examinerId: string; scores: Readonly<Record<string, number>> };
export type ResultRule = 'majority' | 'all';

export type SheetVerdict = { examinerId: string; passed: boolean; complete: boolean; percent: number; failedMandatory: string[] };
export type Result = { outcome: 'passed' | 'failed' | 'pending'; verdicts: SheetVerdict[] };

/** One examiner's sheet: incomplete (a technique not scored) never passes and keeps the result pending. */
export function judgeSheet(techniques: readonly Technique[], sheet: Sheet): SheetVerdict {
  const complete = techniques.every((t) => typeof sheet.scores[t.id] === 'number');
  const failedMandatory = techniques.filter((t) => t.mandatory && (sheet.scores[t.id] ?? 0) < t.passScore).map((t) => t.id);
  const weightOf = (t: Technique) => Math.max(0, t.weight);
  const got = techniques.reduce((n, t) => n + weightOf(t) * ((sheet.scores[t.id] ?? 0) / t.maxScore), 0);
  const need = techniques.reduce((n, t) => n + weightOf(t) * (t.passScore / t.maxScore), 0);
  const max = techniques.reduce((n, t) => n + weightOf(t), 0);
  const percent = max > 0 ? Math.round((1000 * got) / max) / 10 : 0;
  return {
    examinerId: sheet.examinerId,
    complete,
    failedMandatory,
    percent,
    passed: complete && !failedMandatory.length && got + 1e-9 >= need,
  };
}

/** The candidate's outcome once every expected examiner's sheet is complete; 'pending' until then. */
export function judgeCandidate(
  techniques: readonly Technique[],
  sheets: readonly Sheet[],
  examinerIds: readonly string[],
  rule: ResultRule,
): Result {
  const verdicts = examinerIds.map((id) =>
    judgeSheet(techniques, sheets.find((s) => s.examinerId === id) ?? { examinerId: id, scores: {} }),
  );
  if (!verdicts.length || verdicts.some((v) => !v.complete)) return { outcome: 'pending', verdicts };
  const passes = verdicts.filter((v) => v.passed).length;
  const passed = rule === 'all' ? passes === verdicts.length : passes * 2 > verdicts.length;
  return { outcome: passed ? 'passed' : 'failed', verdicts };
}
