import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import { badRequest, type FieldError } from './errors.ts';

/**
 * zod validation whose failure is always our envelope: 400 with the first issue's message (the spec's
 * wording lives in the schemas) and every issue under `errors`.
 */
export const validate = <Target extends keyof ValidationTargets, Schema extends ZodType>(target: Target, schema: Schema) =>
  zValidator(target, schema, (result) => {
    if (!result.success) {
      const errors: FieldError[] = result.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
      throw badRequest(errors[0]?.message ?? 'Invalid request', errors);
    }
  });
