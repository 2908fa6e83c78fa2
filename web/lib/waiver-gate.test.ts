import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WAIVER_MESSAGES } from '#core/waivers/waiver-options.ts';
import { ApiError } from './api.ts';
import { bookSession } from './bookings-api.ts';
import { fakeBrowser } from './browser.test-helpers.ts';
import { waiverHref, waiverToSign } from './waiver-gate.ts';

let browser: ReturnType<typeof fakeBrowser>;
let assigned: string[];
beforeEach(() => {
  browser = fakeBrowser();
  assigned = [];
  vi.stubGlobal('window', { location: { pathname: '/student/family/c1', search: '?x=1', assign: (u: string) => assigned.push(u) } });
});
afterEach(() => vi.unstubAllGlobals());

const required = () =>
  Response.json(
    { success: false, message: WAIVER_MESSAGES.required, code: 'CONFLICT', requestId: 'r', details: { documentId: 'doc1', version: 2 } },
    { status: 409 },
  );

describe('the waiver gate', () => {
  it('builds the signing address with the person and the way back', () => {
    expect(waiverHref('doc 1', 'kid', '/student/classes?a=1')).toBe(
      '/student/waiver?document=doc+1&for=kid&return=%2Fstudent%2Fclasses%3Fa%3D1',
    );
  });

  it('names the document only of a 409 that carries one', () => {
    expect(waiverToSign(new ApiError('x', 409, { details: { documentId: 'd' } }))).toBe('d');
    expect(waiverToSign(new ApiError('x', 409, {}))).toBeNull();
    expect(waiverToSign(new ApiError('x', 400, { details: { documentId: 'd' } }))).toBeNull();
    expect(waiverToSign(new Error('x'))).toBeNull();
  });

  it('sends a booking for a child refused for a missing waiver to sign it for that child, and still rejects', async () => {
    browser.respond(required);
    await expect(bookSession('s1', 'kid1')).rejects.toThrow(/A signed waiver is required/);
    expect(assigned).toEqual(['/student/waiver?document=doc1&for=kid1&return=%2Fstudent%2Ffamily%2Fc1%3Fx%3D1']);
    expect(JSON.parse(String(browser.calls[0]!.init.body))).toEqual({ forUserId: 'kid1' });
  });

  it('signs for oneself when the call was for oneself, and leaves other refusals alone', async () => {
    browser.store.set('user', JSON.stringify({ _id: 'me1', role: 'student', email: 'a@b.c' }));
    browser.respond(required);
    await expect(bookSession('s1')).rejects.toThrow();
    expect(assigned[0]).toContain('for=me1');
    browser.respond(() => Response.json({ success: false, message: 'Class is full' }, { status: 409 }));
    await expect(bookSession('s1')).rejects.toThrow('Class is full');
    expect(assigned).toHaveLength(1);
  });
});
