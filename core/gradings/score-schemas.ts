import { z } from 'zod';
import { optionalText, requiredText } from '#core/fields.ts';

/** The words of scoring, approval and finalize (issue 25 §5), shared by the API and the score-sheet screens. */
export const SCORING_MESSAGES = {
  gradingNotFound: 'Grading not found',
  candidateNotFound: 'Candidate not found',
  notExaminer: "Only this grading's examiners can score",
  notScoring: 'Scores can be written only while the grading is scoring',
  notPresent: 'This candidate was not present',
  sheetLocked: 'This score sheet is locked',
  incompleteSheet: 'Score every technique before locking',
  notOfTarget: "techniqueId must be a technique of the candidate's target rank",
  sheetsUnlocked: 'Every examiner must lock every sheet first',
  notApprover: 'Only an admin or the head examiner can approve',
  unpaid: 'Every passed candidate must have paid or been waived',
  changedMeanwhile: 'This grading changed while it was being finalized: please try again',
  scoreRequired: 'score must be a whole number',
  scoresRequired: 'scores must list at least one technique',
} as const;

export const scoreRange = (max: number) => `score must be between 0 and ${max}`;
export const cannotMove = (from: string, to: string) => `This grading cannot move from ${from} to ${to}`;

export const MAX_SCORES_PER_WRITE = 200;

/** PUT /api/gradings/:id/scores: one examiner's scores of one candidate (the range is checked against each technique). */
export const PutScoresSchema = z.object({
  candidateId: requiredText('candidateId', 64),
  scores: z
    .array(
      z.object({
        techniqueId: requiredText('techniqueId', 64),
        score: z.number({ error: SCORING_MESSAGES.scoreRequired }).int(SCORING_MESSAGES.scoreRequired),
        comment: optionalText('comment', 1000),
      }),
      { error: SCORING_MESSAGES.scoresRequired },
    )
    .max(MAX_SCORES_PER_WRITE, `scores must list at most ${MAX_SCORES_PER_WRITE} techniques`),
  comment: optionalText('comment', 2000),
});
export type PutScoresInput = z.output<typeof PutScoresSchema>;
