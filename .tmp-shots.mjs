import { chromium } from 'playwright-core';
const B = 'http://127.0.0.1:8803';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
const who = [
  ['student', '?as=student', 'Student ID', 'STU-0001', '/student'],
  ['admin', '?as=admin', 'Admin ID', 'ADM-0001', '/admin'],
  ['super', '', 'Email', 'superadmin@dojo.local', '/control-panel'],
  ['instructor', '?as=instructor', 'Instructor ID', 'INS-0001', '/instructor'],
  ['gm', '?as=grandmaster', 'Grand Master ID', 'GM-0001', '/grand-master'],
];
for (const [name, q, label, id, panel] of who) {
  for (const width of [1366, 360]) {
    const ctx = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await ctx.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto(`${B}/auth/login${q}`);
    await page.locator('form[data-ready]').waitFor();
    try {
      await page.getByLabel(label, { exact: true }).fill(id);
    } catch (e) { console.log(name, 'label fail', label); await ctx.close(); continue; }
    await page.getByLabel('Password', { exact: true }).fill('Osu-Local-2026');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${B}${panel}`, { timeout: 15000 }).catch(() => {});
    if (page.url() !== `${B}${panel}`) await page.goto(`${B}${panel}`);
    await page.locator('.home-figures').first().waitFor({ timeout: 15000 }).catch(() => console.log(name, 'no figures'));
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/homes-shots/${name}-${width}.png`, fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    console.log(name, width, 'overflow', overflow, errors.slice(0, 3));
    await ctx.close();
  }
}
await browser.close();
