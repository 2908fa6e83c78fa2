import type { Context } from 'hono';
import { Hono } from 'hono';
import { AdminLoginInput, EmailLoginInput, GrandmasterLoginInput, InstructorLoginInput, StudentLoginInput } from '#core/auth/login.ts';
import type { AppEnv } from '#worker/env.ts';
import { validate } from '#worker/lib/validate.ts';
import { loginUser, type LoginKind } from './login.service.ts';

const LOGIN_OK = 'Login successful';

const login = async (c: Context<AppEnv>, kind: LoginKind, identifier: string, password: string) => {
  const result = await loginUser(c.var.ctx, { kind, identifier, password });
  return c.json({ success: true as const, message: LOGIN_OK, ...result });
};

/** One call per login flow of spec 6; all share loginUser. */
export const loginRoutes = new Hono<AppEnv>()
  .post('/login', validate('json', EmailLoginInput), (c) => {
    const { email, password } = c.req.valid('json');
    return login(c, 'email', email, password);
  })
  .post('/super-admin', validate('json', EmailLoginInput), (c) => {
    const { email, password } = c.req.valid('json');
    return login(c, 'superAdmin', email, password);
  })
  .post('/student-login', validate('json', StudentLoginInput), (c) => {
    const { studentId, password } = c.req.valid('json');
    return login(c, 'studentId', studentId, password);
  })
  .post('/grandmaster-login', validate('json', GrandmasterLoginInput), (c) => {
    const { grandmasterId, password } = c.req.valid('json');
    return login(c, 'grandmasterId', grandmasterId, password);
  })
  .post('/admin-login', validate('json', AdminLoginInput), (c) => {
    const { adminId, password } = c.req.valid('json');
    return login(c, 'adminId', adminId, password);
  })
  .post('/instructor-login', validate('json', InstructorLoginInput), (c) => {
    const { instructorId, password } = c.req.valid('json');
    return login(c, 'instructorId', instructorId, password);
  });
