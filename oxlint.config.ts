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
const LIB: Pattern = {
  regex: '^#worker/features/',
  message: 'worker/lib/ is what features share; it never imports a feature (assemble at the worker root instead)',
};
const PARTY: Pattern = {
  regex: '^#worker/middleware/',
  message: 'A room is not a request: build the service context from the runtime module, not request middleware',
};
const NOT_ADMIN: Pattern = {
  regex: '^(#web/panel/admin/|\\./admin/|\\.\\./admin/)',
  message: "Each person's own panel screens import nothing from the admin screens; what both use lives in web/panel/ or web/components/",
};
const CORE: Pattern = { regex: '^#(worker|db|web|party|test|scripts)/', message: 'core/ is pure domain logic and imports no other layer' };

const features = readdirSync(new URL('./worker/features/', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const otherFeatures = (f: string): Pattern => ({
  regex: `^#worker/features/(${features.filter((o) => o !== f).join('|')})/`,
  message: `A feature never imports another feature's files; what ${f} shares goes to worker/lib/ or core/`,
});

const panelFolders = readdirSync(new URL('./web/panel/', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name !== 'admin')
  .map((d) => `web/panel/${d.name}/**`);

const restrict = (files: string[], patterns: Pattern[], more: Record<string, unknown> = {}) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }] as ['error', { patterns: Pattern[] }], ...more },
});
/** Route and page files reach the database only through verbs and loaders, which take the service context. */
const NO_DB_PROPERTY = {
  'no-restricted-properties': [
    'error',
    { property: 'db', message: 'Route and page files pass c.var.ctx to a verb or loader; they never read c.var.db' },
  ],
};

export default defineConfig({
  // oxlint's default correctness rules, every finding an error, plus unused code and React's hook dependencies;
  // tsc checks the types and Prettier the form.
  plugins: ['eslint', 'typescript', 'unicorn', 'oxc', 'react'],
  categories: { correctness: 'error' },
  ignorePatterns: ['dist/**', 'node_modules/**', 'data/**', '.tmp/**', 'db/migrations/**'],
  rules: {
    'no-restricted-imports': ['error', { patterns: [NO_PARENT] }],
    'no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    'react-hooks/exhaustive-deps': 'error',
    // The React Compiler's rules: they judge code for a compiler this project does not run.
    'react/set-state-in-effect': 'off',
    'react/refs': 'off',
    'react/purity': 'off',
    'react/immutability': 'off',
    'react/static-components': 'off',
  },
  overrides: [
    restrict(['web/**'], [NO_PARENT, WEB]),
    // The screen registry (web/panel/screens.ts) is the one panel file that names the admin group.
    restrict([...panelFolders, 'web/panel/*.tsx'], [NO_PARENT, WEB, NOT_ADMIN]),
    restrict(['core/**'], [NO_PARENT, CORE]),
    restrict(['party/**'], [NO_PARENT, PARTY]),
    restrict(['worker/lib/**'], [NO_PARENT, LIB]),
    restrict(
      ['worker/pages/**/*.routes.ts', 'worker/pages/**/*.pages.tsx', 'worker/pages/public/seo.ts'],
      [NO_PARENT, ...NO_DATABASE],
      NO_DB_PROPERTY,
    ),
    ...features.flatMap((f) => [
      restrict([`worker/features/${f}/**`], [NO_PARENT, otherFeatures(f)]),
      restrict([`worker/features/${f}/*.routes.ts`], [NO_PARENT, otherFeatures(f), ...NO_DATABASE], NO_DB_PROPERTY),
    ]),
  ],
});
