import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { WORKER_SETTINGS, operatorSettings } from './worker-settings.ts';

const dir = mkdtempSync(join(tmpdir(), 'dojo-settings-'));
const devVars = (text: string) => {
  const file = join(dir, `${Math.random()}.dev.vars`);
  writeFileSync(file, text);
  return file;
};
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('operatorSettings', () => {
  it('lists every setting of worker/config.ts, rate limits included', () => {
    expect(WORKER_SETTINGS).toContain('RATE_LIMIT_ENQUIRY_IP');
    expect(WORKER_SETTINGS).toContain('MAIL_FROM');
    expect(WORKER_SETTINGS).toContain('JWT_TTL_SECONDS');
  });

  it('passes the Worker settings of the environment and nothing else', () => {
    const settings = operatorSettings(
      { RATE_LIMIT_ENQUIRY_IP: '100/60', MAIL_FROM: 'Dojo <a@b.c>', PATH: '/bin', HOME: '/root' },
      join(dir, 'none'),
    );
    expect(settings).toEqual({ RATE_LIMIT_ENQUIRY_IP: '100/60', MAIL_FROM: 'Dojo <a@b.c>' });
  });

  it('passes every line of .dev.vars, and the environment wins over it', () => {
    const file = devVars('RATE_LIMIT_ENQUIRY_IP=1/60\nDB_TIMEOUT_MS=500\nEXTRA_FLAG="yes"\n');
    expect(operatorSettings({ DB_TIMEOUT_MS: '900' }, file)).toEqual({
      RATE_LIMIT_ENQUIRY_IP: '1/60',
      DB_TIMEOUT_MS: '900',
      EXTRA_FLAG: 'yes',
    });
  });
});
