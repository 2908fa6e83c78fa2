import { z } from 'zod';
import { INVALID_ROLE_MESSAGE, ROLES } from '#core/roles.ts';
import { booleanMessage } from '#core/fields.ts';
import { searchTermProblem, USER_MESSAGES } from './user-messages.ts';

export const USER_SORT_FIELDS = ['createdAt', 'updatedAt', 'lastLoginAt', 'email', 'role', 'firstName', 'lastName'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];
export type UserSort = { field: UserSortField; direction: 'asc' | 'desc' };

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_SEARCH_LIMIT = 50;
/** Spec 9: the list of active users (`isActive=true`) shows 50 unless asked otherwise. */
export const ACTIVE_USERS_DEFAULT_LIMIT = 50;

const INVALID_SORT = `Invalid sort. Use one of: ${USER_SORT_FIELDS.join(', ')} (prefix with - for descending)`;

/** A repeated query key arrives as an array: the first value wins. */
const param = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (Array.isArray(v) ? v[0] : v), schema);
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const positiveInt = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .refine((n) => n >= 1, message);

const queryBool = (field: string) => z.enum(['true', 'false'], { error: booleanMessage(field) }).transform((v) => v === 'true');

const roleFilter = param(
  z.preprocess(
    (v) => (blankToUndefined(v) === undefined || v === 'all' ? undefined : v),
    z.enum(ROLES, { error: INVALID_ROLE_MESSAGE }).optional(),
  ),
);

const sortParam = z
  .string({ error: INVALID_SORT })
  .trim()
  .transform((v, ctx): UserSort => {
    const direction = v.startsWith('-') ? 'desc' : 'asc';
    const field = v.replace(/^[-+]/, '') as UserSortField;
    if (!USER_SORT_FIELDS.includes(field)) {
      ctx.issues.push({ code: 'custom', message: INVALID_SORT, input: v });
      return z.NEVER;
    }
    return { field, direction };
  });

const limitParam = positiveInt(USER_MESSAGES.invalidLimit).transform((n) => Math.min(n, MAX_PAGE_SIZE));

export const ListUsersQuery = z
  .object({
    page: param(z.preprocess(blankToUndefined, positiveInt(USER_MESSAGES.invalidPage).optional())).transform((v) => v ?? 1),
    limit: param(z.preprocess(blankToUndefined, limitParam.optional())),
    role: roleFilter,
    isActive: param(z.preprocess(blankToUndefined, queryBool('isActive').optional())),
    emailVerified: param(z.preprocess(blankToUndefined, queryBool('emailVerified').optional())),
    search: param(z.preprocess(blankToUndefined, z.string().trim().max(100, USER_MESSAGES.searchTooLong).optional())),
    sort: param(z.preprocess(blankToUndefined, sortParam.optional())).transform(
      (v): UserSort => v ?? { field: 'createdAt', direction: 'desc' },
    ),
  })
  .transform((q) => ({ ...q, limit: q.limit ?? (q.isActive === true ? ACTIVE_USERS_DEFAULT_LIMIT : DEFAULT_PAGE_SIZE) }));
export type ListUsersQueryInput = z.output<typeof ListUsersQuery>;

const term = param(z.string().optional());

/** GET /api/users/search: the term comes as `q`, `search` or `term`. */
export const SearchUsersQuery = z
  .object({
    q: term,
    search: term,
    term,
    role: roleFilter,
    isActive: param(z.preprocess(blankToUndefined, queryBool('isActive').optional())),
    limit: param(z.preprocess(blankToUndefined, limitParam.optional())).transform((v) => v ?? DEFAULT_SEARCH_LIMIT),
  })
  .transform((v, ctx) => {
    const value = (v.q ?? v.search ?? v.term ?? '').trim();
    const problem = searchTermProblem(value);
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: value, path: ['q'] });
    return { term: value, role: v.role, isActive: v.isActive, limit: v.limit };
  });
export type SearchUsersQueryInput = z.output<typeof SearchUsersQuery>;

export const RoleParam = z.object({ role: z.enum(ROLES, { error: INVALID_ROLE_MESSAGE }) });
