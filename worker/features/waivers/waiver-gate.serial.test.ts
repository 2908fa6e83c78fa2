import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WAIVER_MESSAGES } from '#core/waivers/waiver-options.ts';
import { insertCourse, enroll } from '#test/enrollment-helpers.ts';
import { insertChild } from '#test/family-helpers.ts';
import { api, createUser, type TestUser } from '#test/helpers.ts';
import { insertMembership, purchase } from '#test/membership-helpers.ts';
import { giveActiveMembership, insertSession } from '#test/session-helpers.ts';
import { adminToken, createWaiver, sign, signingBody } from './waivers.test-helpers.ts';

/**
 * The gate needs settings.requiredWaiverId, which every booking of the database obeys: this file runs in
 * the `worker-serial` project (its own database, one file at a time), so no other file's bookings see it.
 */
let admin: string;
let doc: Awaited<ReturnType<typeof createWaiver>>;
let text: string;

const putSettings = (body: Record<string, unknown>) => api('/api/settings', { method: 'PUT', token: admin, body });
const book = (user: TestUser, sessionId: string, forUserId?: string) =>
  api(`/api/sessions/${sessionId}/bookings`, { method: 'POST', token: user.token, body: forUserId ? { forUserId } : {} });
const expectGate = (res: { status: number; body: any }, version: number) => {
  expect(res.status).toBe(409);
  expect(res.body).toMatchObject({ success: false, message: WAIVER_MESSAGES.required, details: { documentId: doc._id, version } });
};
async function publish(body: string) {
  const res = await api(`/api/waivers/${doc._id}`, { method: 'PUT', token: admin, body: { body } });
  text = body;
  return res.body.data.currentVersion as number;
}

beforeAll(async () => {
  admin = await adminToken();
  doc = await createWaiver(admin);
  text = doc.current.body;
  expect((await putSettings({ requiredWaiverId: doc._id })).status).toBe(200);
}, 60_000);
afterAll(async () => {
  await putSettings({ requiredWaiverId: null });
});

describe('the waiver gate', () => {
  it('booking a class: 409 naming the document until the person signs, then booked', async () => {
    const student = await createUser();
    await giveActiveMembership(student.id);
    const session = await insertSession();
    expectGate(await book(student, session.id), 1);
    const status = await api('/api/waivers/status', { token: student.token });
    expect(status.body.data).toMatchObject({
      required: { documentId: doc._id, title: expect.any(String), version: 1 },
      signed: false,
      signature: null,
    });
    expect((await sign(student.token, doc._id, await signingBody(text))).status).toBe(201);
    expect((await book(student, session.id)).status).toBe(201);
    expect((await api('/api/waivers/status', { token: student.token })).body.data).toMatchObject({
      signed: true,
      signature: { version: 1, current: true },
    });
  });

  it('a new version asks people to sign again at their next booking', async () => {
    const student = await createUser();
    await giveActiveMembership(student.id);
    await sign(student.token, doc._id, await signingBody(text));
    expect((await book(student, (await insertSession()).id)).status).toBe(201);
    const version = await publish(`A new text ${Date.now()}`);
    const next = await insertSession();
    expectGate(await book(student, next.id), version);
    const status = (await api('/api/waivers/status', { token: student.token })).body.data;
    expect(status).toMatchObject({ signed: false, signature: { version: version - 1, current: false } });
    expect(status.people[0]).toMatchObject({ userId: student.id, signed: false, signedVersion: version - 1 });
    expect((await sign(student.token, doc._id, await signingBody(text))).status).toBe(201);
    expect((await book(student, next.id)).status).toBe(201);
  });

  it('a guardian booking for a child needs the child’s signature, which the guardian gives', async () => {
    const guardian = await createUser({ role: 'member' });
    await sign(guardian.token, doc._id, await signingBody(text));
    const child = await insertChild(guardian.id);
    await giveActiveMembership(child.id);
    const session = await insertSession();
    expectGate(
      await book(guardian, session.id, child.id),
      (await api(`/api/waivers/${doc._id}`, { token: admin })).body.data.currentVersion,
    );
    expect((await sign(guardian.token, doc._id, await signingBody(text, { signedFor: child.id }))).status).toBe(201);
    expect((await book(guardian, session.id, child.id)).status).toBe(201);
  });

  it('course enrolment: 409 until signed', async () => {
    const student = await createUser();
    const course = await insertCourse();
    const version = (await api(`/api/waivers/${doc._id}`, { token: admin })).body.data.currentVersion;
    expectGate(await enroll(student, { courseId: course.id }), version);
    await sign(student.token, doc._id, await signingBody(text));
    expect((await enroll(student, { courseId: course.id })).status).toBe(201);
  });

  it('membership purchase: 409 until signed (for a child: the child’s signature)', async () => {
    const student = await createUser();
    const { membership, plan } = await insertMembership();
    const version = (await api(`/api/waivers/${doc._id}`, { token: admin })).body.data.currentVersion;
    expectGate(await purchase(student, { membershipId: membership.id, planId: plan.id }), version);
    await sign(student.token, doc._id, await signingBody(text));
    expect((await purchase(student, { membershipId: membership.id, planId: plan.id })).status).toBe(201);
    const child = await insertChild(student.id);
    expectGate(await purchase(student, { membershipId: membership.id, planId: plan.id, forUserId: child.id }), version);
  });

  it('an inactive required document asks nothing', async () => {
    const student = await createUser();
    await giveActiveMembership(student.id);
    await api(`/api/waivers/${doc._id}`, { method: 'PUT', token: admin, body: { isActive: false } });
    try {
      expect((await book(student, (await insertSession()).id)).status).toBe(201);
      expect((await api('/api/waivers/status', { token: student.token })).body.data).toMatchObject({ required: null, signed: true });
    } finally {
      await api(`/api/waivers/${doc._id}`, { method: 'PUT', token: admin, body: { isActive: true } });
    }
  });
});
