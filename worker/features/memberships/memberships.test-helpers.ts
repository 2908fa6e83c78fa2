/** Membership fixtures for the memberships tests (not a test file itself). */
import { expect } from 'vitest';
import { send } from '#test/catalog-helpers.ts';

export const monthly = (extra: Record<string, unknown> = {}) => ({ name: 'Monthly', durationMonths: 1, price: 89, gstRate: 5, ...extra });
export const annual = (extra: Record<string, unknown> = {}) => ({
  name: 'Annual',
  durationMonths: 12,
  price: 899,
  discountPrice: 799,
  gstRate: 5,
  ...extra,
});

export const membershipBody = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  description: 'Unlimited adult classes',
  benefits: ['All adult classes', 'Free gi'],
  plans: [monthly(), annual()],
  ...extra,
});

export type Membership = {
  _id: string;
  name: string;
  plans: { _id: string; planId: string; name: string; [k: string]: unknown }[];
  [k: string]: unknown;
};

export async function makeMembership(token: string, name: string, extra: Record<string, unknown> = {}): Promise<Membership> {
  const res = await send('POST', '/api/memberships', token, membershipBody(name, extra));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.membership as Membership;
}
