/**
 * Renames feature files to the role names of docs/CONVENTIONS.md ("Feature files") and test support to its
 * one rule, then rewrites every import specifier and file-name mention that points at a renamed file.
 *   node scripts/rename-feature-files.ts --dry-run   prints the renames and the files it would rewrite
 *   node scripts/rename-feature-files.ts --apply     git mv + rewrite (then: npm run typecheck && npm run lint)
 * The renames are computed from the tree it runs on: only the table below is fixed.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { posix } from 'node:path';

/** Old role suffix → the set member it is a synonym of (`<prefix>.<role>.ts` → `<prefix>.<new>.ts`). */
export const ROLE_SYNONYMS: Readonly<Record<string, string>> = {
  lifecycle: 'moves',
  notices: 'notify',
  notifier: 'notify',
  mail: 'notify',
  query: 'queries',
  sql: 'queries',
  db: 'queries',
  scope: 'queries',
  form: 'input',
  documents: 'files',
  materials: 'files',
  expire: 'jobs',
  'x-stub': 'x.test-helpers',
};

/** Test support outside feature folders: a file only tests import is `*.test-helpers.ts` outside test/, `*-helpers.ts` inside it. */
const TEST_SUPPORT: readonly { from: RegExp; to: string }[] = [
  { from: /^(web\/.+\/)test-([\w-]+)\.tsx?$/, to: '$1$2.test-helpers.ts' },
  { from: /^(test\/e2e\/[\w-]+)\.helpers\.ts$/, to: '$1-helpers.ts' },
];

const FEATURE_FILE = /^worker\/features\/[\w-]+\/([\w-]+)\.([\w-]+)((?:\.[\w-]+)*)\.(tsx?)$/;
const TEXT_FILE = /\.(ts|tsx|js|mjs|cjs|md|json|toml)$/;
const SPECIFIER = /(['"])((?:#[\w-]+\/|\.{1,2}\/)[^'"\n]*?\.tsx?)\1/g;

const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' });

/** Every rename the table implies for these paths; a test of a role file moves with it, another test keeps its name. */
export function computeRenames(paths: readonly string[]): { renames: Map<string, string>; skipped: string[] } {
  const present = new Set(paths);
  const wanted = new Map<string, string>();
  for (const path of paths) {
    const m = FEATURE_FILE.exec(path);
    if (m) {
      const [, prefix, role, rest, ext] = m as unknown as [string, string, string, string, string];
      const to = ROLE_SYNONYMS[role];
      if (!to) continue;
      const dir = posix.dirname(path);
      // `<f>.lifecycle.test.ts` follows `<f>.lifecycle.ts`; without that file its aspect is a behaviour, not a role.
      if (rest && !present.has(`${dir}/${prefix}.${role}.ts`) && !present.has(`${dir}/${prefix}.${role}.tsx`)) continue;
      wanted.set(path, `${dir}/${prefix}.${to}${rest}.${ext}`);
      continue;
    }
    for (const rule of TEST_SUPPORT) {
      if (rule.from.test(path)) wanted.set(path, path.replace(rule.from, rule.to));
    }
  }
  const renames = new Map<string, string>();
  const skipped: string[] = [];
  const targets = [...wanted.values()];
  for (const [from, to] of wanted) {
    const taken = (present.has(to) && !wanted.has(to)) || targets.filter((t) => t === to).length > 1;
    if (taken) skipped.push(`${from} → ${to}: the name is taken; merge the two by hand`);
    else renames.set(from, to);
  }
  return { renames, skipped };
}

/** package.json "imports": `#worker/*` → `worker/`. */
function aliasRoots(): Map<string, string> {
  const imports = (JSON.parse(readFileSync('package.json', 'utf8')) as { imports?: Record<string, string> }).imports ?? {};
  const roots = new Map<string, string>();
  for (const [alias, target] of Object.entries(imports)) {
    if (alias.endsWith('/*') && target.endsWith('/*')) roots.set(alias.slice(0, -1), posix.normalize(target.slice(0, -1)));
  }
  return roots;
}

function resolveSpecifier(file: string, spec: string, roots: Map<string, string>): string | null {
  if (spec.startsWith('.')) return posix.normalize(posix.join(posix.dirname(file), spec));
  for (const [alias, root] of roots) if (spec.startsWith(alias)) return posix.normalize(root + spec.slice(alias.length));
  return null;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The file's text with imports of renamed files re-pointed, and mentions of a renamed file's unique name updated. */
export function rewriteText(
  file: string,
  text: string,
  renames: Map<string, string>,
  uniqueNames: Map<string, string>,
  roots: Map<string, string>,
): string {
  let out = text.replace(SPECIFIER, (whole, quote: string, spec: string) => {
    const target = resolveSpecifier(file, spec, roots);
    const to = target && renames.get(target);
    if (!to) return whole;
    return `${quote}${spec.slice(0, spec.lastIndexOf('/') + 1)}${posix.basename(to)}${quote}`;
  });
  for (const [oldName, newName] of uniqueNames) {
    out = out.replace(new RegExp(`(?<![\\w.-])${escape(oldName)}(?![\\w-])`, 'g'), newName);
  }
  return out;
}

function main(argv: readonly string[]) {
  const apply = argv.includes('--apply');
  if (!apply && !argv.includes('--dry-run')) {
    console.error('usage: node scripts/rename-feature-files.ts --dry-run | --apply');
    process.exit(2);
  }
  process.chdir(git('rev-parse', '--show-toplevel').trim());
  const tracked = git('ls-files', '-z')
    .split('\0')
    .filter((p) => p && existsSync(p));
  const { renames, skipped } = computeRenames(tracked);

  // A bare file name is rewritten in prose and comments only when no other file in the repo bears it.
  const nameCount = new Map<string, number>();
  for (const p of tracked) nameCount.set(posix.basename(p), (nameCount.get(posix.basename(p)) ?? 0) + 1);
  const uniqueNames = new Map<string, string>();
  for (const [from, to] of renames) {
    if (nameCount.get(posix.basename(from)) === 1) uniqueNames.set(posix.basename(from), posix.basename(to));
  }

  const roots = aliasRoots();
  const rewrites = new Map<string, string>();
  for (const file of tracked) {
    if (!TEXT_FILE.test(file) || file === 'package-lock.json' || file.startsWith('db/migrations/')) continue;
    const text = readFileSync(file, 'utf8');
    const next = rewriteText(file, text, renames, uniqueNames, roots);
    if (next !== text) rewrites.set(file, next);
  }

  for (const [from, to] of renames) console.log(`rename  ${from} → ${posix.basename(to)}`);
  for (const s of skipped) console.log(`skip    ${s}`);
  for (const file of rewrites.keys()) console.log(`rewrite ${renames.get(file) ?? file}`);
  console.log(`${renames.size} renames, ${rewrites.size} files rewritten, ${skipped.length} skipped${apply ? '' : ' (dry run)'}`);
  if (!apply) return;

  for (const [file, text] of rewrites) writeFileSync(file, text);
  for (const [from, to] of renames) git('mv', from, to);
  // A longer name can push an import past the print width: let Prettier lay out the code it touched.
  const code = [...rewrites.keys()].map((f) => renames.get(f) ?? f).filter((f) => /\.tsx?$/.test(f));
  if (code.length)
    execFileSync(posix.join('node_modules', '.bin', 'prettier'), ['--write', '--log-level=warn', ...code], { stdio: 'inherit' });
}

if (import.meta.filename === process.argv[1]) main(process.argv.slice(2));
