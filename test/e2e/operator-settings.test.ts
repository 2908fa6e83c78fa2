import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorSettings } from '#scripts/lib/worker-settings.ts';
import { startStack, type Stack } from '#scripts/stack.ts';

const enquiry = (n: number) => ({
  name: 'Hana Sato',
  email: `hana.${n}@example.test`,
  phone: '+1 604 555 0188',
  subject: 'Kids classes',
  message: 'Do you have a beginners class for a 9 year old?',
});

describe('operator settings reach the local Worker', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'dojo-settings-e2e-'));
  let stack: Stack;
  beforeAll(async () => {
    // The environment's value wins over .dev.vars', as it would over the file in npm start.
    const devVars = join(dataDir, '.dev.vars');
    writeFileSync(devVars, 'RATE_LIMIT_ENQUIRY_IP=50/60\n');
    stack = await startStack({ port: 0, dataDir, log: () => {}, settings: operatorSettings({ RATE_LIMIT_ENQUIRY_IP: '1/60' }, devVars) });
  });
  afterAll(async () => {
    await stack?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses the second enquiry from one address with 429 under RATE_LIMIT_ENQUIRY_IP=1/60', async () => {
    const send = (n: number) =>
      fetch(`${stack.url}/api/enquiries`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'cf-connecting-ip': '10.9.8.7' },
        body: JSON.stringify(enquiry(n)),
      });
    expect((await send(1)).status).toBe(201);
    const second = await send(2);
    expect(second.status).toBe(429);
    expect(await second.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
  });
});
