import type { ZodType, z } from 'zod';
import { badRequest, type FieldError } from '#worker/lib/errors.ts';

/** Like the `validate` middleware, for bodies read by hand (form data or JSON): 400 with the first message. */
export function parseWith<S extends ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors: FieldError[] = result.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
  throw badRequest(errors[0]?.message ?? 'Invalid request', errors);
}
