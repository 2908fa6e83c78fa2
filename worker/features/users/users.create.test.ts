import { describe, expect, it } from 'vitest';
import { INVALID_ROLE_MESSAGE } from '#core/roles.ts';
import { PASSWORD_MESSAGES } from '#core/password-policy.ts';
import { api, createUser, getUserRow, uniq } from '#test/helpers.ts';
import { verifyPassword } from '#worker/lib/password.ts';
import { asAdmin, asSuperAdmin, GOOD_PASSWORD } from './users.test-helpers.ts';

const newEmail = () => `new-${uniq()}@users-test.example`;
const create = (token: string, body: unknown) => api('/api/users', { method: 'POST', token, body });

describe('POST /api/users', () => {
  it('creates a user, answers 201 with data, user and the message, and never the hash', async () => {
    const admin = await asAdmin();
    const email = newEmail();
    const res = await create(admin.token, {
      email: `  ${email.toUpperCase()} `,
      password: GOOD_PASSWORD,
      role: 'student',
      profile: { firstName: 'Aiko', lastName: 'Tanaka', grade: 'Yellow', timezone: 'Asia/Kolkata' },
      emailVerified: true,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: 'User created successfully' });
    expect(res.body.data).toEqual(res.body.user);
    expect(res.body.data).toMatchObject({
      email,
      role: 'student',
      isActive: true,
      emailVerified: true,
      profile: { firstName: 'Aiko', lastName: 'Tanaka', grade: 'Yellow', timezone: 'Asia/Kolkata' },
    });
    expect(res.body.data._id).toEqual(expect.any(String));
    expect(res.body.data.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(res.body.data).not.toHaveProperty('passwordHash');
    expect(res.body.data).not.toHaveProperty('tokenVersion');
    const row = await getUserRow(res.body.data._id);
    expect(row?.email).toBe(email);
    expect(row?.passwordHash.startsWith('$argon2id$')).toBe(true);
    expect(await verifyPassword(row!.passwordHash, GOOD_PASSWORD)).toBe(true);
  });

  it.each([
    [{ password: GOOD_PASSWORD, role: 'student' }],
    [{ email: 'x@users-test.example', role: 'student' }],
    [{ email: 'x@users-test.example', password: GOOD_PASSWORD }],
    [{ email: '   ', password: GOOD_PASSWORD, role: 'student' }],
    [{ email: 'x@users-test.example', password: GOOD_PASSWORD, role: null }],
    [{}],
  ])('refuses %j with the required message', async (body) => {
    const admin = await asAdmin();
    const res = await create(admin.token, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'BAD_REQUEST', message: 'Email, password, and role are required' });
  });

  it('refuses an unknown role with the spec message', async () => {
    const admin = await asAdmin();
    const res = await create(admin.token, { email: newEmail(), password: GOOD_PASSWORD, role: 'sensei' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(INVALID_ROLE_MESSAGE);
    expect(INVALID_ROLE_MESSAGE).toBe('Invalid role. Must be one of: student, member, instructor, grandmaster, admin, super-admin');
  });

  it.each([
    ['short', 'Abc-123', PASSWORD_MESSAGES.tooShort],
    ['common', 'password123', PASSWORD_MESSAGES.common],
    ['too long', 'x'.repeat(129), PASSWORD_MESSAGES.tooLong],
  ])('applies the password policy (%s)', async (_, password, message) => {
    const admin = await asAdmin();
    const res = await create(admin.token, { email: newEmail(), password, role: 'student' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('refuses a malformed e-mail', async () => {
    const admin = await asAdmin();
    const res = await create(admin.token, { email: 'not-an-email', password: GOOD_PASSWORD, role: 'student' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please enter a valid email address');
  });

  it('answers 409 for a duplicate e-mail, whatever its case', async () => {
    const admin = await asAdmin();
    const existing = await createUser();
    const res = await create(admin.token, { email: existing.email.toUpperCase(), password: GOOD_PASSWORD, role: 'member' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ success: false, code: 'CONFLICT', message: 'A user with this email already exists' });
  });

  it('trims and upper-cases a given login id and answers 409 when it is taken', async () => {
    const admin = await asAdmin();
    const id = `STU-${uniq().toUpperCase()}`;
    const first = await create(admin.token, {
      email: newEmail(),
      password: GOOD_PASSWORD,
      role: 'student',
      studentId: `  ${id.toLowerCase()} `,
    });
    expect(first.status).toBe(201);
    expect(first.body.data.studentId).toBe(id);
    const again = await create(admin.token, { email: newEmail(), password: GOOD_PASSWORD, role: 'student', studentId: id.toLowerCase() });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This student ID is already in use');
  });

  it.each([
    ['student', 'studentId', /^STU-\d{4,}$/],
    ['member', 'membershipId', /^MEM-\d{4,}$/],
    ['instructor', 'instructorId', /^INS-\d{4,}$/],
    ['grandmaster', 'grandmasterId', /^GM-\d{4,}$/],
  ] as const)('generates the %s login id when none is given', async (role, field, pattern) => {
    const admin = await asAdmin();
    const res = await create(admin.token, { email: newEmail(), password: GOOD_PASSWORD, role, [field]: '' });
    expect(res.status).toBe(201);
    expect(res.body.data[field]).toMatch(pattern);
  });

  it('generates distinct, increasing student ids under parallel creates', async () => {
    const admin = await asAdmin();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => create(admin.token, { email: newEmail(), password: GOOD_PASSWORD, role: 'student' })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(201));
    const ids = results.map((r) => r.body.data.studentId as string);
    expect(new Set(ids).size).toBe(8);
    for (const id of ids) expect(id).toMatch(/^STU-\d{4,}$/);
  });

  it('numbers after the highest existing id', async () => {
    const admin = await asSuperAdmin();
    const high = 900000 + Math.floor(Math.random() * 90000);
    await createUser({ role: 'grandmaster', grandmasterId: `GM-${high}` });
    const res = await create(admin.token, { email: newEmail(), password: GOOD_PASSWORD, role: 'grandmaster' });
    expect(res.status).toBe(201);
    expect(Number(res.body.data.grandmasterId.slice(3))).toBeGreaterThan(high);
  });

  it.each(['admin', 'super-admin'] as const)('refuses an admin creating a %s (403) but lets a super-admin', async (role) => {
    const admin = await asAdmin();
    const refused = await create(admin.token, { email: newEmail(), password: GOOD_PASSWORD, role });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only a super-admin can give the admin or super-admin role');
    const grandmaster = await createUser({ role: 'grandmaster' });
    expect((await create(grandmaster.token, { email: newEmail(), password: GOOD_PASSWORD, role })).status).toBe(403);
    const superAdmin = await asSuperAdmin();
    const ok = await create(superAdmin.token, { email: newEmail(), password: GOOD_PASSWORD, role });
    expect(ok.status).toBe(201);
    expect(ok.body.data.role).toBe(role);
    if (role === 'admin') expect(ok.body.data.adminId).toMatch(/^ADM-\d{4,}$/);
    else expect(ok.body.data.adminId).toBeNull();
  });

  it('lets only a super-admin hand out an admin ID', async () => {
    const admin = await asAdmin();
    const res = await create(admin.token, { email: newEmail(), password: GOOD_PASSWORD, role: 'student', adminId: `ADM-${uniq()}` });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Only a super-admin can assign an admin ID');
  });

  it('ignores fields nobody may set (mass assignment)', async () => {
    const admin = await asAdmin();
    const res = await create(admin.token, {
      email: newEmail(),
      password: GOOD_PASSWORD,
      role: 'student',
      id: 'chosen-id',
      _id: 'chosen-id',
      passwordHash: '$argon2id$forged',
      tokenVersion: 99,
      blockedReason: 'x',
      createdAt: '2000-01-01T00:00:00.000Z',
    });
    expect(res.status).toBe(201);
    expect(res.body.data._id).not.toBe('chosen-id');
    const row = await getUserRow(res.body.data._id);
    expect(row?.tokenVersion).toBe(0);
    expect(row?.passwordHash).not.toBe('$argon2id$forged');
    expect(row?.blockedReason).toBeNull();
    expect(row?.createdAt.getFullYear()).toBeGreaterThan(2020);
  });

  it('can create an inactive account', async () => {
    const admin = await asAdmin();
    const res = await create(admin.token, { email: newEmail(), password: GOOD_PASSWORD, role: 'member', isActive: false });
    expect(res.status).toBe(201);
    expect(res.body.data.isActive).toBe(false);
  });
});
