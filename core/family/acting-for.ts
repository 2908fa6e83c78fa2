import { z } from 'zod';
import { blankTo, firstOf } from '#core/fields.ts';

export const ACTING_FOR_MESSAGE = 'forUserId must be a user id';

/** Whom a write acts for (issue 26 §1): `forUserId` in a JSON body or form; absent, blank or 'me' = the caller. */
export const forUserIdField = z.preprocess(
  blankTo(undefined),
  z.string({ error: ACTING_FOR_MESSAGE }).trim().min(1, ACTING_FOR_MESSAGE).max(64, ACTING_FOR_MESSAGE).optional(),
);

/** Whom a read is for, `?for=<childId>`, to spread into a query schema's shape. */
export const forQuery = { for: firstOf(forUserIdField) };
