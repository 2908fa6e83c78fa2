import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodType, z } from 'zod';
import { badRequest, type AppError, type FieldError } from './errors.ts';

/** The one mapping of zod issues to our 400: the first issue's message (the spec's words live in the schemas), every issue under `errors`. */
export function invalidInput(issues: readonly z.core.$ZodIssue[], prefix: readonly string[] = []): AppError {
  const errors: FieldError[] = issues.map((i) => ({ path: [...prefix, ...i.path.map(String)].join('.'), message: i.message }));
  return badRequest(errors[0]?.message ?? 'Invalid request', errors);
}

/** zod over a value read by hand (form data, JSON read with a limit); throws our 400. `prefix` names where the value sits. */
export function parseInput<S extends ZodType>(schema: S, value: unknown, prefix: readonly string[] = []): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw invalidInput(result.error.issues, prefix);
}

/** zod validation middleware whose failure is always our envelope (never the library's default). */
export const validate = <Target extends keyof ValidationTargets, Schema extends ZodType>(target: Target, schema: Schema) =>
  zValidator(target, schema, (result) => {
    if (!result.success) throw invalidInput(result.error.issues);
  });
