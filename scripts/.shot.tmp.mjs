import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:8803';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
async function login(page, as, label, id) {
  await page.goto(`${base}/auth/login?as=${as}`);
  await page.getByLabel(label).fill(id);
  await page.getByLabel('Password', { exact: true }).fill('Osu-Local-2026');
  await page.getByRole('button', { name: /log in|sign in/i }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/auth'));
}
for (const width of [1366, 360]) {
  const ctx = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await ctx.newPage();
  page.on('console', (m) => m.type() === 'error' && console.log('console:', m.text()));
  await login(page, 'student', 'Student ID', 'STU-0001');
  await page.goto(`${base}/student/attendance`);
  await page.waitForSelector('.attendance-screen[data-ready]', { timeout: 20000 });
  const notNow = page.getByRole('button', { name: 'Not now' });
  if (await notNow.isVisible().catch(() => false)) await notNow.click();
  await page.getByText('Show as a table').first().click();
  await page.screenshot({ path: `/tmp/att/my-attendance-${width}.png`, fullPage: true });
  await ctx.close();
}
const ctx = await browser.newContext({ viewport: { width: 1366, height: 900 } });
const page = await ctx.newPage();
await login(page, 'admin', 'Admin ID', 'ADM-0001');
const token = await page.evaluate(() => Object.entries(localStorage).find(([k]) => /token/i.test(k))?.[1]);
const res = await page.evaluate(async (t) => (await fetch('/api/users/search?q=student', { headers: { authorization: `Bearer ${t}` } })).json(), token);
const sid = (res.data ?? []).find((u) => u.email === 'student@dojo.local')?._id;
console.log('student id', sid, !!token);
await page.goto(`${base}/admin/users/${sid}`);
await page.waitForSelector('.user-attendance[data-state=ready]', { timeout: 20000 });
const nn = page.getByRole('button', { name: 'Not now' });
if (await nn.isVisible().catch(() => false)) await nn.click();
await page.locator('.user-attendance').screenshot({ path: '/tmp/att/user-attendance-1366.png' });
await page.setViewportSize({ width: 360, height: 900 });
await page.waitForTimeout(300);
await page.locator('.user-attendance').screenshot({ path: '/tmp/att/user-attendance-360.png' });
await browser.close();
