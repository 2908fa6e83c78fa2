import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES as CORE_AUTH_MESSAGES, EMAIL_PATTERN as CORE_EMAIL_PATTERN } from '#core/auth/fields.ts';
import { createUser, getUserRow, testDb } from '#test/helpers.ts';
import { AUTH_MESSAGES, EMAIL_PATTERN } from '#web/pages/auth/auth-messages.ts';
import { newEmailTokenStatements } from '#worker/lib/email-tokens.ts';
import { count, meta, page, stylesheets, titleOf } from './public/page-test-kit.ts';

/** `<label for=id>text</label>` and an input/select with that id and name. */
function expectLabelledField(html: string, id: string, label: string, name: string) {
  expect(html).toMatch(new RegExp(`<label for="${id}">${label}(<| )`));
  expect(html).toMatch(new RegExp(`<(input|select|textarea)[^>]*id="${id}"[^>]*name="${name}"`));
}

const island = (html: string, name: string) => html.includes(`data-island="${name}"`);

describe('/auth/login', () => {
  it('answers 200 with the email form, its labels and the LoginForm island', async () => {
    const { res, html } = await page('/auth/login');
    expect(res.status).toBe(200);
    // The school's name comes from the settings (school-name.test.ts changes it): the title carries the header's.
    const school = /<a class="brand" href="\/" aria-label="([^"]+) home">/.exec(html)?.[1];
    expect(school).toBeTruthy();
    expect(titleOf(html)).toBe(`Log in with your email | ${school}`);
    expect(count(html, /<h1[ >]/)).toBe(1);
    expectLabelledField(html, 'login-email', 'Email', 'email');
    expectLabelledField(html, 'login-password', 'Password', 'password');
    expect(html).toMatch(/<input[^>]*id="login-password"[^>]*type="password"/);
    expect(island(html, 'LoginForm')).toBe(true);
    expect(stylesheets(html)).toEqual([expect.stringMatching(/^\/assets\/site-[\w-]+\.css$/)]);
    expect(html).toContain('<script type="module"');
    expect(html).toContain('role="alert"');
  });

  const tabsOf = (html: string) => {
    const nav = /<nav class="auth-tabs" aria-label="Ways to log in">.*?<\/nav>/s.exec(html)?.[0] ?? '';
    return [...nav.matchAll(/<a href="(\/auth\/login[^"]*)"( aria-current="page")?>([^<]+)<\/a>/g)].map((m) => ({
      href: m[1]!.replace(/&amp;/g, '&'),
      current: !!m[2],
      label: m[3],
    }));
  };

  it('shows the public only the email and student logins, and a Staff sign-in link to the staff ones', async () => {
    const { html } = await page('/auth/login?as=student');
    expect(tabsOf(html)).toEqual([
      { href: '/auth/login', current: false, label: 'Email' },
      { href: '/auth/login?as=student', current: true, label: 'Student ID' },
    ]);
    expect(html).not.toMatch(/Admin ID|Grand Master ID|Instructor ID|Super Admin/);
    expect(html).toContain('<a href="/auth/login?as=instructor">Staff sign-in</a>');
  });

  it('offers every staff login flow as a plain link on a staff page, the current one marked', async () => {
    const { html } = await page('/auth/login?as=admin');
    expect(tabsOf(html)).toEqual([
      { href: '/auth/login?as=instructor', current: false, label: 'Instructor ID' },
      { href: '/auth/login?as=grandmaster', current: false, label: 'Grand Master ID' },
      { href: '/auth/login?as=admin', current: true, label: 'Admin ID' },
      { href: '/auth/login?as=super-admin', current: false, label: 'Super Admin' },
    ]);
    expect(html).toContain('<a href="/auth/login">Member and student sign-in</a>');
    expect(html).not.toContain('Staff sign-in');
    expectLabelledField(html, 'login-adminId', 'Admin ID', 'adminId');
    expect(html).not.toContain('id="login-email"');
  });

  it.each([
    ['student', 'login-studentId', 'Student ID', 'studentId'],
    ['instructor', 'login-instructorId', 'Instructor ID', 'instructorId'],
    ['grandmaster', 'login-grandmasterId', 'Grand Master ID', 'grandmasterId'],
    ['super-admin', 'login-email', 'Email', 'email'],
  ])('?as=%s shows its own labelled identifier field', async (as, id, label, name) => {
    const { res, html } = await page(`/auth/login?as=${as}`);
    expect(res.status).toBe(200);
    expectLabelledField(html, id, label, name);
  });

  it('keeps a same-site ?next= in the tabs and the island, and drops one pointing elsewhere', async () => {
    const kept = (await page('/auth/login?next=%2Fadmin%2Fusers')).html;
    expect(kept).toContain('href="/auth/login?as=student&amp;next=%2Fadmin%2Fusers"');
    expect(kept).toContain('href="/auth/login?as=instructor&amp;next=%2Fadmin%2Fusers">Staff sign-in');
    expect(kept).toContain('"next":"/admin/users"');
    for (const evil of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      const { html } = await page(`/auth/login?next=${encodeURIComponent(evil)}`);
      expect(html).not.toContain('evil.example');
      expect(html).toContain('"next":null');
      expect(html).toContain('href="/auth/register">Create an account');
    }
  });

  it('"Create an account" from a login that came from the checkout goes back there too (the cart stays in the browser)', async () => {
    const { html } = await page('/auth/login?next=%2Fcheckout');
    expect(html).toContain('href="/auth/register?next=%2Fcheckout">Create an account');
    const register = (await page('/auth/register?next=%2Fcheckout')).html;
    expect(register).toContain('"next":"/checkout"');
    expect(register).toContain('href="/auth/login?next=%2Fcheckout"');
  });

  it('answers a form post made without JavaScript with the login page and an explanation', async () => {
    const { res, html } = await page('/auth/login', {
      method: 'POST',
      headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=a%40b.c&password=x',
    });
    expect(res.status).toBe(200);
    expect(html).toContain('Logging in needs JavaScript');
    expect(html).not.toContain('a@b.c');
  });
});

describe('the other auth pages', () => {
  it('/auth/register?next= keeps the page to come back to (a course being enrolled in) for the form and the log-in link; a foreign next is dropped', async () => {
    const next = '/courses/adult-beginners?enroll=1';
    const { html } = await page(`/auth/register?next=${encodeURIComponent(next)}`);
    expect(html).toContain(`href="/auth/login?next=${encodeURIComponent(next).replace(/&/g, '&amp;')}"`);
    expect(html).toContain(JSON.stringify(next).slice(1, -1).replace(/&/g, '\\u0026'));
    const foreign = await page(`/auth/register?next=${encodeURIComponent('https://evil.example/x')}`);
    expect(foreign.html).not.toContain('evil.example');
  });

  it('/auth/register has every field labelled', async () => {
    const { res, html } = await page('/auth/register');
    expect(res.status).toBe(200);
    expect(island(html, 'RegisterForm')).toBe(true);
    expectLabelledField(html, 'register-first-name', 'First name', 'firstName');
    expectLabelledField(html, 'register-last-name', 'Last name', 'lastName');
    expectLabelledField(html, 'register-email', 'Email', 'email');
    expectLabelledField(html, 'register-phone', 'Phone number', 'phone');
    expectLabelledField(html, 'register-password', 'Password', 'password');
    expectLabelledField(html, 'register-confirm-password', 'Confirm password', 'confirmPassword');
    expect(html).toMatch(
      /<input[^>]*aria-describedby="register-password-hint"[^>]*id="register-password"|<input[^>]*id="register-password"[^>]*aria-describedby="register-password-hint"/,
    );
  });

  it('/auth/forgot-password asks for the email', async () => {
    const { res, html } = await page('/auth/forgot-password');
    expect(res.status).toBe(200);
    expect(island(html, 'EmailRequestForm')).toBe(true);
    expectLabelledField(html, 'forgot-email', 'Email', 'email');
  });

  it('/auth/reset-password takes the token and email from the query and is not indexed', async () => {
    const { res, html } = await page('/auth/reset-password?token=abc123&email=someone%40example.test');
    expect(res.status).toBe(200);
    expect(meta(html, 'robots')).toBe('noindex');
    expect(html).toContain('<strong>someone@example.test</strong>');
    expectLabelledField(html, 'reset-new-password', 'New password', 'newPassword');
    expectLabelledField(html, 'reset-confirm-password', 'Confirm new password', 'confirmPassword');
  });

  it('/auth/reset-password without a token explains the link is incomplete', async () => {
    const { res, html } = await page('/auth/reset-password');
    expect(res.status).toBe(200);
    expect(html).toContain('This password reset link is incomplete');
    expect(html).not.toContain('id="reset-new-password"');
  });

  it('/auth redirects to the login page', async () => {
    const { res } = await page('/auth', { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/auth/login');
  });

  it('keeps the browser copy of the auth messages identical to core/auth/fields.ts', () => {
    expect(EMAIL_PATTERN.source).toBe(CORE_EMAIL_PATTERN.source);
    for (const [k, v] of Object.entries(AUTH_MESSAGES)) expect(CORE_AUTH_MESSAGES[k as keyof typeof CORE_AUTH_MESSAGES]).toBe(v);
  });
});

describe('/auth/verify-email', () => {
  it('renders the failure for a bad token without JavaScript', async () => {
    const { res, html } = await page('/auth/verify-email?token=not-a-real-token');
    expect(res.status).toBe(400);
    expect(meta(html, 'robots')).toBe('noindex');
    expect(html).toMatch(/<h1[^>]*>We could not verify your email<\/h1>/);
    expect(html).toContain('Invalid or expired verification token');
    expectLabelledField(html, 'resend-email', 'Email', 'email');
  });

  it('renders the failure when the token is missing', async () => {
    const { res, html } = await page('/auth/verify-email');
    expect(res.status).toBe(400);
    expect(html).toContain('Invalid or expired verification token');
  });

  it('spends a valid link during the render and marks the address verified, once', async () => {
    const user = await createUser({ role: 'member', emailVerified: false });
    const db = testDb();
    const { secret, statements } = await newEmailTokenStatements(db, user.id, 'verify-email');
    await db.batch(statements);

    const first = await page(`/auth/verify-email?token=${encodeURIComponent(secret)}`);
    expect(first.res.status).toBe(200);
    expect(first.html).toMatch(/<h1[^>]*>Email verified<\/h1>/);
    expect(first.html).toContain('Email verified successfully');
    expect((await getUserRow(user.id))?.emailVerified).toBe(true);

    const again = await page(`/auth/verify-email?token=${encodeURIComponent(secret)}`);
    expect(again.res.status).toBe(400);
    expect(again.html).toContain('Invalid or expired verification token');
  });
});

describe('panel pages', () => {
  it.each(['/admin', '/admin/users', '/student', '/student/anything/deeper', '/grand-master', '/control-panel/users', '/instructor'])(
    '%s answers the panel shell in its loading state, not indexed',
    async (path) => {
      const { res, html } = await page(path);
      expect(res.status).toBe(200);
      expect(meta(html, 'robots')).toBe('noindex');
      expect(island(html, 'PanelApp')).toBe(true);
      expect(html).toMatch(/<span class="spinner" aria-hidden="true"><\/span><span>Loading\.\.\.<\/span>/);
      expect(html).toContain('data-state="loading"');
      // The site's stylesheet, then the panels' own.
      expect(stylesheets(html)).toEqual([
        expect.stringMatching(/^\/assets\/site-[\w-]+\.css$/),
        expect.stringMatching(/^\/assets\/panel-[\w-]+\.css$/),
      ]);
    },
  );

  it('does not treat look-alike paths as panels', async () => {
    const { res, html } = await page('/administrator');
    expect(res.status).toBe(404);
    expect(island(html, 'PanelApp')).toBe(false);
  });
});
