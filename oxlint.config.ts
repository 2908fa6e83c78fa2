import { readdirSync } from 'node:fs';
import { defineConfig } from 'oxlint';

/**
 * The layers of ARCHITECTURE.md, enforced (docs/decisions/009-lint-layers.md). oxlint, not ESLint:
 * typescript-eslint's parser needs TypeScript's JavaScript API, which TypeScript 7 (the native port) no longer ships.
 * An override that sets a rule replaces the rule's options for the files it matches, so every override
 * below carries the whole list for its files, and the narrower override comes after the wider one.
 */
type Pattern = { regex: string; message: string };

const NO_PARENT: Pattern = {
  regex: '^\\.\\./',
  message: "Import across folders through the package's subpath aliases (#worker/*, #core/*, …), not ../",
};
const NO_DATABASE: Pattern[] = [
  { regex: '^#db/', message: 'Route files call services and never import the database (#db/*)' },
  { regex: '^drizzle-orm(/|$)', message: 'Route files call services and never import drizzle-orm' },
];
const WEB: Pattern = { regex: '^#(worker|db)/', message: 'web/ renders and hydrates; it imports neither worker/ nor db/' };
const CORE: Pattern = { regex: '^#(worker|db|web|party|test|scripts)/', message: 'core/ is pure domain logic and imports no other layer' };

const features = readdirSync(new URL('./worker/features/', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const otherFeatures = (f: string): Pattern => ({
  regex: `^#worker/features/(${features.filter((o) => o !== f).join('|')})/`,
  message: `A feature never imports another feature's files; what ${f} shares goes to worker/lib/ or core/`,
});

const restrict = (files: string[], patterns: Pattern[]) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }] as ['error', { patterns: Pattern[] }] },
});

export default defineConfig({
  // Only the layer rules: tsc checks the code and Prettier its form; oxlint's default correctness rules
  // flagged only deliberate code here (control-character regexes that strip them, copies iterated while mutated).
  categories: { correctness: 'off' },
  ignorePatterns: ['dist/**', 'node_modules/**', 'data/**', '.tmp/**', 'db/migrations/**'],
  rules: { 'no-restricted-imports': ['error', { patterns: [NO_PARENT] }] },
  overrides: [
    restrict(['web/**'], [NO_PARENT, WEB]),
    restrict(['core/**'], [NO_PARENT, CORE]),
    restrict(['worker/pages/**/*.routes.ts', 'worker/pages/**/*.pages.tsx'], [NO_PARENT, ...NO_DATABASE]),
    ...features.flatMap((f) => [
      restrict([`worker/features/${f}/**`], [NO_PARENT, otherFeatures(f)]),
      restrict([`worker/features/${f}/*.routes.ts`], [NO_PARENT, otherFeatures(f), ...NO_DATABASE]),
    ]),
  ],
});
