import { afterEach, describe, expect, it, vi } from 'vitest';
import { signToken, VERIFIED_CACHE_SIZE, verifiedTokenCount, verifyToken } from './jwt.ts';

const SECRET = 'a-test-secret-that-is-long-enough-0001';
const OTHER = 'a-test-secret-that-is-long-enough-0002';
const claims = (n = 0) => ({ sub: `user-${n}`, role: 'student', tv: n });

afterEach(() => vi.useRealTimers());

describe('verifyToken and the verified-token cache', () => {
  it('verifies a token, then answers a repeat from the cache with the same claims', async () => {
    const token = await signToken(claims(1), SECRET, 600);
    const first = await verifyToken(token, SECRET);
    const before = verifiedTokenCount();
    expect(first).toEqual(claims(1));
    expect(await verifyToken(token, SECRET)).toEqual(claims(1));
    expect(verifiedTokenCount()).toBe(before); // a hit adds nothing
  });

  it('refuses a cached token once its exp has passed', async () => {
    const token = await signToken(claims(2), SECRET, 60);
    expect(await verifyToken(token, SECRET)).toEqual(claims(2));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 60_000);
    expect(await verifyToken(token, SECRET)).toBeNull();
    vi.useRealTimers();
    expect(await verifyToken(token, SECRET)).toEqual(claims(2)); // jose again, the clock back in range
  });

  it('never answers for another secret from what the first one verified', async () => {
    const token = await signToken(claims(3), SECRET, 600);
    expect(await verifyToken(token, SECRET)).not.toBeNull();
    expect(await verifyToken(token, OTHER)).toBeNull();
    expect(await verifyToken(token, SECRET)).not.toBeNull(); // and the rotation did not poison the first
  });

  it('keeps nothing that failed a check', async () => {
    const token = await signToken(claims(4), SECRET, 600);
    await verifyToken(await signToken(claims(0), SECRET, 600), SECRET); // the cache is for SECRET
    const held = verifiedTokenCount();
    const tampered = token.slice(0, -4) + (token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect(await verifyToken(tampered, SECRET)).toBeNull();
    expect(await verifyToken(tampered, SECRET)).toBeNull();
    expect(verifiedTokenCount()).toBe(held);
  });

  it('holds at most VERIFIED_CACHE_SIZE tokens, dropping the oldest', async () => {
    const tokens = await Promise.all(Array.from({ length: VERIFIED_CACHE_SIZE + 5 }, (_, i) => signToken(claims(i), SECRET, 600)));
    for (const t of tokens) await verifyToken(t, SECRET);
    expect(verifiedTokenCount()).toBe(VERIFIED_CACHE_SIZE);
    // The oldest was dropped and is verified (and kept) again; it still verifies.
    expect(await verifyToken(tokens[0]!, SECRET)).toEqual(claims(0));
    expect(verifiedTokenCount()).toBe(VERIFIED_CACHE_SIZE);
  });
});
