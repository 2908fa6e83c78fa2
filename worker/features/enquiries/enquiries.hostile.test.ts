import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { api, createUser, freshIp } from '#test/helpers.ts';
import { insertEnquiry } from './enquiries.test-helpers.ts';

const hostile = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(
    fc.constantFrom(
      'name',
      'email',
      'phone',
      'subject',
      'message',
      'website',
      'status',
      'adminNotes',
      'enquiryIds',
      '__proto__',
      'constructor',
    ),
    fc.oneof(fc.string({ maxLength: 300 }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(fc.string()), fc.object()),
  ),
);

describe('enquiries under hostile input', () => {
  it('never answers a 5xx to random bodies and queries', async () => {
    const admin = await createUser({ role: 'super-admin' });
    const { id } = await insertEnquiry();
    const writes = [
      ['POST', '/api/enquiries'],
      ['PUT', `/api/enquiries/${id}`],
      ['PATCH', `/api/enquiries/${id}/contacted`],
      ['PATCH', `/api/enquiries/${id}/resolved`],
      ['DELETE', '/api/enquiries'],
    ] as const;
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...writes), hostile, async ([method, path], body) => {
        const res = await api(path, { method, body, token: admin.token, headers: { 'cf-connecting-ip': freshIp() } });
        if (res.status >= 500) failures.push(`${method} ${path} ${JSON.stringify(body).slice(0, 200)} → ${res.status}`);
        return res.status < 500;
      }),
      { numRuns: 80 },
    );
    const reads = ['/api/enquiries', '/api/enquiries/recent', '/api/enquiries/new', '/api/enquiries/unresolved', '/api/enquiries/stats'];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...reads),
        fc.dictionary(fc.constantFrom('page', 'limit', 'status', 'search', 'spam'), fc.string({ maxLength: 60 })),
        async (path, query) => {
          const res = await api(`${path}?${new URLSearchParams(query)}`, { token: admin.token });
          if (res.status >= 500) failures.push(`${path} ${JSON.stringify(query)} → ${res.status}`);
          return res.status < 500;
        },
      ),
      { numRuns: 50 },
    );
    expect(failures).toEqual([]);
  }, 90_000);
});
