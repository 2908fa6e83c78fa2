import { describe, expect, it } from 'vitest';
import { membershipPlans } from '#db/schema/index.ts';
import { eq } from 'drizzle-orm';
import { testDb } from '#test/helpers.ts';
import { addMembership, tag } from './page-fixtures.ts';
import { canonicalOf, count, meta, page, titleOf } from './page-test-kit.ts';

const islandsOf = (html: string) => [...html.matchAll(/data-island="(\w+)"/g)].map((m) => m[1]);
const propsOf = (html: string) =>
  JSON.parse(/<script type="application\/json" data-island-props="">([^<]*)<\/script>/.exec(html)?.[1] ?? 'null');
const amp = (s: string) => s.replace(/&/g, '&amp;');

async function planOf(membershipId: string, name: string) {
  const rows = await testDb().select().from(membershipPlans).where(eq(membershipPlans.membershipId, membershipId));
  return rows.find((p) => p.name === name)!;
}

describe('/memberships?plan=&purchase=1: the chosen plan, before JavaScript', () => {
  it('shows the plan in C$ with login and register links that come back to it, and its purchase island', async () => {
    const name = `Member ${tag()}`;
    const m = await addMembership(name, [
      { name: 'Monthly', priceCents: 9000 },
      { name: 'Annual', priceCents: 90000, discountPriceCents: 80000, durationMonths: 12 },
    ]);
    const annual = await planOf(m.id, 'Annual');
    const { res, html } = await page(`/memberships?plan=${annual.id}&purchase=1`);
    expect(res.status).toBe(200);
    const panel = html.slice(html.indexOf('id="purchase"'));
    expect(panel).toContain(`${name}, Annual: C$800.00 per year, plus GST/HST.`);
    const back = encodeURIComponent(`/memberships?plan=${annual.id}&purchase=1`);
    expect(panel).toContain(`href="/auth/login?next=${back}">Log in to buy this membership</a>`);
    expect(panel).toContain(`href="/auth/register?next=${back}">Create an account</a>`);
    expect(islandsOf(html)).toEqual(['MembershipPurchase']);
    expect(propsOf(html)).toMatchObject({
      membershipId: m.id,
      membershipName: name,
      open: true,
      plan: { _id: annual.id, price: 900, discountPrice: 800 },
    });
    // The chosen plan is marked in its card; the page stays one page for search engines.
    expect(html).toContain(
      `href="${amp(`/memberships?plan=${annual.id}&purchase=1`)}#purchase" aria-label="Choose ${name}, Annual" aria-current="true"`,
    );
    expect(canonicalOf(html)).toBe('http://dojo.test/memberships');
  });

  it('chooses nothing for an unknown plan or a retired one, and opens the form only with purchase=1', async () => {
    const m = await addMembership(`Member ${tag()}`, [
      { name: 'Monthly', priceCents: 9000 },
      { name: 'Retired', priceCents: 1000, isActive: false },
    ]);
    const retired = await planOf(m.id, 'Retired');
    for (const plan of ['no-such-plan', retired.id, '<script>']) {
      const { res, html } = await page(`/memberships?plan=${encodeURIComponent(plan)}&purchase=1`);
      expect(res.status).toBe(200);
      expect(html).not.toContain('id="purchase"');
      expect(html).not.toContain('<script type="application/json"');
    }
    const monthly = await planOf(m.id, 'Monthly');
    const { html } = await page(`/memberships?plan=${monthly.id}`);
    expect(propsOf(html)).toMatchObject({ open: false, plan: { _id: monthly.id } });
  });
});

describe('/teach', () => {
  it('explains teaching here without JavaScript and offers login and register links back to the form', async () => {
    const { res, html } = await page('/teach');
    expect(res.status).toBe(200);
    expect(titleOf(html)).toMatch(/^Teach at the dojo \| /);
    expect(meta(html, 'description')?.length).toBeGreaterThan(50);
    expect(canonicalOf(html)).toBe('http://dojo.test/teach');
    expect(count(html, /<h1[ >]/)).toBe(1);
    for (const label of ['Assistant instructor', 'Instructor', 'Senior instructor', 'Guest instructor'])
      expect(html).toContain(`<dt>${label}</dt>`);
    expect(html).toContain('href="/auth/login?next=%2Fteach">Log in to apply</a>');
    expect(html).toContain('href="/auth/register?next=%2Fteach">Create an account</a>');
    expect(islandsOf(html)).toEqual(['InstructorApply']);
  });

  it('is linked from the about page', async () => {
    const { html } = await page('/about');
    expect(html).toContain('<a href="/teach">Teach at the dojo</a>');
  });
});

describe('the payment return pages', () => {
  for (const [path, kind, title] of [
    ['/enroll/complete', 'course', 'Your enrolment'],
    ['/memberships/complete', 'membership', 'Your membership'],
  ] as const) {
    it(`${path} frames the ${kind} check, is not indexed and says what happens without JavaScript`, async () => {
      const { res, html } = await page(`${path}?enrollmentId=abc&sessionId=s1`);
      expect(res.status).toBe(200);
      expect(titleOf(html)).toMatch(new RegExp(`^${title} \\| `));
      expect(meta(html, 'robots')).toMatch(/noindex/);
      expect(islandsOf(html)).toEqual(['EnrollmentComplete']);
      expect(propsOf(html)).toEqual({ kind });
      expect(html).toContain('<p role="status">Confirming your payment…</p>');
      expect(html).toContain('<noscript>');
    });
  }
});
