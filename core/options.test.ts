import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('./', import.meta.url);
const optionModules = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('-options.ts'));

describe('option modules the browser imports', () => {
  it('exist for billing, the catalog, settings, enquiries, enrolments, families, notifications, posts, the shop, social posting and waivers', () => {
    expect(optionModules.map((f) => f.split(/[\\/]/).pop()).sort()).toEqual([
      'billing-options.ts',
      'catalog-options.ts',
      'enquiry-options.ts',
      'enrollment-options.ts',
      'family-options.ts',
      'notification-options.ts',
      'post-options.ts',
      'settings-options.ts',
      'shop-options.ts',
      'social-options.ts',
      'waiver-options.ts',
    ]);
  });

  it('import nothing, so a panel screen or island that uses them never ships zod', () => {
    for (const file of optionModules) expect(readFileSync(new URL(file, root), 'utf8'), file).not.toMatch(/^import /m);
  });
});
