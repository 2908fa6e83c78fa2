import type { Result, Router } from 'hono/router';
import { TrieRouter } from 'hono/router/trie-router';
import { describe, expect, it } from 'vitest';
import { StaticMatchMemo } from './static-match-memo.ts';

/** TrieRouter (what the app runs on), counting how often it is asked. */
class CountingTrie<T> implements Router<T> {
  readonly name = 'CountingTrie';
  readonly trie = new TrieRouter<T>();
  calls = 0;
  add(method: string, path: string, handler: T) {
    this.trie.add(method, path, handler);
  }
  match(method: string, path: string): Result<T> {
    this.calls++;
    return this.trie.match(method, path);
  }
}

// The shapes that made RegExpRouter give up: a parameter beside static siblings, middleware on wildcards.
const ROUTES: [string, string, string][] = [
  ['ALL', '*', 'request-setup'],
  ['ALL', '/api/*', 'authorize'],
  ['GET', '/api/users', 'list'],
  ['GET', '/api/users/search', 'search'],
  ['GET', '/api/users/role/:role', 'by-role'],
  ['GET', '/api/users/:id', 'get'],
  ['PATCH', '/api/users/:id/block', 'block'],
  ['GET', '/api/auth/me', 'me'],
  ['ALL', '/api/*', 'not-found'],
];

function build() {
  const inner = new CountingTrie<string>();
  const memo = new StaticMatchMemo(inner);
  const plain = new TrieRouter<string>();
  for (const [m, p, h] of ROUTES) {
    memo.add(m, p, h);
    plain.add(m, p, h);
  }
  return { inner, memo, plain };
}

const handlersOf = (r: Result<string>) => r[0].map(([h, params]) => [h, { ...(params as Record<string, string>) }]);

describe('StaticMatchMemo', () => {
  it('answers as the router it wraps, for static, parameter and unknown paths', () => {
    const { memo, plain } = build();
    const asks: [string, string][] = [
      ['GET', '/api/users'],
      ['GET', '/api/users/search'],
      ['GET', '/api/users/role/admin'],
      ['GET', '/api/users/01abc'],
      ['PATCH', '/api/users/01abc/block'],
      ['GET', '/api/auth/me'],
      ['POST', '/api/auth/me'],
      ['GET', '/nowhere'],
    ];
    for (const [m, p] of asks) {
      // twice: the second answer may come from the memo
      expect(handlersOf(memo.match(m, p))).toEqual(handlersOf(plain.match(m, p)));
      expect(handlersOf(memo.match(m, p))).toEqual(handlersOf(plain.match(m, p)));
    }
    expect(handlersOf(memo.match('GET', '/api/users/role/admin'))).toContainEqual(['by-role', { role: 'admin' }]);
    expect(handlersOf(memo.match('GET', '/api/users/search')).map(([h]) => h)).toEqual([
      'request-setup',
      'authorize',
      'search',
      'get',
      'not-found',
    ]);
  });

  it('asks the router once per static route path and method', () => {
    const { inner, memo } = build();
    const first = memo.match('GET', '/api/auth/me');
    for (let i = 0; i < 5; i++) expect(memo.match('GET', '/api/auth/me')).toBe(first);
    expect(inner.calls).toBe(1);
    memo.match('GET', '/api/users');
    memo.match('GET', '/api/users');
    expect(inner.calls).toBe(2);
  });

  it('keeps nothing for paths that carry a parameter or name no static route', () => {
    const { inner, memo } = build();
    for (let i = 0; i < 50; i++) {
      memo.match('GET', `/api/users/${i}`);
      memo.match('GET', `/api/users/role/r${i}`);
      memo.match('GET', `/junk/${i}`);
      memo.match('PROPFIND', '/api/auth/me'); // a method no route uses
    }
    expect(memo.size).toBe(0);
    expect(inner.calls).toBe(200);
  });
});
