// A small SQLite-compatible lexer: enough to split a SQL text into statements
// (with SQLite's own `sqlite3_complete` state machine, so trigger bodies stay whole),
// number the host parameters the way SQLite does, and classify a statement.
// It never rewrites SQL: the engine always receives the client's text.

type TokenKind = 'ws' | 'semi' | 'word' | 'quoted' | 'var' | 'other';

export type Token = { kind: TokenKind; start: number; end: number };

const isSpace = (c: number): boolean => c === 32 || c === 9 || c === 10 || c === 12 || c === 13;
const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const isAlpha = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
/** SQLite's IdChar: letters, digits, `_`, `$` and any non-ASCII character. */
const isIdChar = (c: number): boolean => isAlpha(c) || isDigit(c) || c === 95 || c === 36 || c >= 0x80;

function skipQuoted(sql: string, i: number, close: string, doubled: boolean): number {
  for (let j = i + 1; j < sql.length; j++) {
    if (sql[j] === close) {
      if (doubled && sql[j + 1] === close) {
        j++;
        continue;
      }
      return j + 1;
    }
  }
  return sql.length; // unterminated: the engine reports the error
}

/** Length of a `:name` / `@name` / `$name` / `#name` variable starting at i (0 if not one). */
function variableEnd(sql: string, i: number): number {
  let n = 0;
  let j = i + 1;
  while (j < sql.length) {
    const c = sql.charCodeAt(j);
    if (isIdChar(c)) {
      n++;
      j++;
    } else if (c === 40 /* ( */ && n > 0) {
      // Tcl-style `$a(b)` suffix
      j++;
      while (j < sql.length && !isSpace(sql.charCodeAt(j)) && sql[j] !== ')') j++;
      if (sql[j] === ')') return j + 1;
      return 0;
    } else if (c === 58 /* : */ && sql[j + 1] === ':') {
      j += 2;
    } else {
      break;
    }
  }
  return n === 0 ? 0 : j;
}

export function tokenize(sql: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  const push = (kind: TokenKind, end: number): void => {
    out.push({ kind, start: i, end });
    i = end;
  };
  while (i < sql.length) {
    const c = sql.charCodeAt(i);
    const ch = sql[i];
    if (isSpace(c)) {
      let j = i + 1;
      while (j < sql.length && isSpace(sql.charCodeAt(j))) j++;
      push('ws', j);
    } else if (ch === '-' && sql[i + 1] === '-') {
      const nl = sql.indexOf('\n', i + 2);
      push('ws', nl < 0 ? sql.length : nl + 1);
    } else if (ch === '/' && sql[i + 1] === '*') {
      const close = sql.indexOf('*/', i + 2);
      push('ws', close < 0 ? sql.length : close + 2);
    } else if (ch === ';') {
      push('semi', i + 1);
    } else if (ch === "'") {
      push('quoted', skipQuoted(sql, i, "'", true));
    } else if (ch === '"' || ch === '`') {
      push('quoted', skipQuoted(sql, i, ch, true));
    } else if (ch === '[') {
      push('quoted', skipQuoted(sql, i, ']', false));
    } else if (ch === '?') {
      let j = i + 1;
      while (j < sql.length && isDigit(sql.charCodeAt(j))) j++;
      push('var', j);
    } else if (ch === ':' || ch === '@' || ch === '$' || ch === '#') {
      const end = variableEnd(sql, i);
      push(end > 0 ? 'var' : 'other', end > 0 ? end : i + 1);
    } else if (isDigit(c) || (ch === '.' && isDigit(sql.charCodeAt(i + 1)))) {
      let j = i + 1;
      while (j < sql.length && (isIdChar(sql.charCodeAt(j)) || sql[j] === '.')) j++;
      push('other', j);
    } else if (isIdChar(c)) {
      let j = i + 1;
      while (j < sql.length && isIdChar(sql.charCodeAt(j))) j++;
      push('word', j);
    } else {
      push('other', i + 1);
    }
  }
  return out;
}

// sqlite3_complete() transition table. Columns: SEMI WS OTHER EXPLAIN CREATE TEMP TRIGGER END
const TRANS: readonly (readonly number[])[] = [
  [1, 0, 2, 3, 4, 2, 2, 2], // 0 INVALID
  [1, 1, 2, 3, 4, 2, 2, 2], // 1 START
  [1, 2, 2, 2, 2, 2, 2, 2], // 2 NORMAL
  [1, 3, 3, 2, 4, 2, 2, 2], // 3 EXPLAIN
  [1, 4, 2, 2, 2, 4, 5, 2], // 4 CREATE
  [6, 5, 5, 5, 5, 5, 5, 5], // 5 TRIGGER
  [6, 6, 5, 5, 5, 5, 5, 7], // 6 SEMI
  [1, 7, 5, 5, 5, 5, 5, 5], // 7 END
];
const KEYWORD_CLASS: Record<string, number> = {
  EXPLAIN: 3,
  CREATE: 4,
  TEMP: 5,
  TEMPORARY: 5,
  TRIGGER: 6,
  END: 7,
};

function tokenClass(sql: string, t: Token): number {
  if (t.kind === 'semi') return 0;
  if (t.kind === 'ws') return 1;
  if (t.kind === 'word') return KEYWORD_CLASS[sql.slice(t.start, t.end).toUpperCase()] ?? 2;
  return 2;
}

/** Splits a SQL text into its statements (without the separating semicolons), skipping empty ones. */
export function splitStatements(sql: string): string[] {
  const out: string[] = [];
  let state = 0;
  let start = 0;
  let hasContent = false;
  for (const t of tokenize(sql)) {
    const cls = tokenClass(sql, t);
    const next = TRANS[state]?.[cls] ?? 2;
    if (cls === 0 && next === 1) {
      if (hasContent) out.push(sql.slice(start, t.start));
      start = t.end;
      hasContent = false;
    } else if (cls !== 1) {
      hasContent = true;
    }
    state = next;
  }
  if (hasContent) out.push(sql.slice(start));
  return out;
}

export type StmtInfo = {
  /** params[i] is the name of parameter i+1 (`:a`, `?3` …) or null for `?` and gaps. */
  params: (string | null)[];
  isExplain: boolean;
  /** INSERT/UPDATE/DELETE/REPLACE, possibly behind a WITH clause. */
  isIud: boolean;
  isInsert: boolean;
  /** libSQL's `BEGIN [TRANSACTION] READONLY`. */
  isBeginReadonly: boolean;
  /** May change per-connection state (PRAGMA, ATTACH/DETACH, TEMP objects). */
  changesSession: boolean;
};

function numberParams(sql: string, tokens: Token[]): (string | null)[] {
  const names: (string | null)[] = [];
  const seen = new Map<string, number>();
  let count = 0;
  for (const t of tokens) {
    if (t.kind !== 'var') continue;
    const text = sql.slice(t.start, t.end);
    if (text === '?') {
      count++;
      continue;
    }
    let index = seen.get(text);
    if (index === undefined) {
      index = text[0] === '?' ? Number(text.slice(1)) : count + 1;
      if (!Number.isSafeInteger(index) || index < 1) continue; // the engine rejects it
      seen.set(text, index);
    }
    count = Math.max(count, index);
    names[index - 1] ??= text;
  }
  return Array.from({ length: count }, (_, i) => names[i] ?? null);
}

function classify(sql: string, tokens: Token[]): Omit<StmtInfo, 'params'> {
  const words: string[] = [];
  let depth = 0;
  let verb: string | undefined;
  for (const t of tokens) {
    if (t.kind === 'other') {
      const ch = sql[t.start];
      if (ch === '(') depth++;
      else if (ch === ')') depth--;
    }
    if (t.kind !== 'word') continue;
    const w = sql.slice(t.start, t.end).toUpperCase();
    words.push(w);
    if (verb === undefined && depth === 0 && words[0] === 'WITH') {
      if (['INSERT', 'REPLACE', 'UPDATE', 'DELETE', 'SELECT', 'VALUES'].includes(w)) verb = w;
    }
  }
  const first = tokens.find((t) => t.kind !== 'ws');
  const firstWord = first?.kind === 'word' ? sql.slice(first.start, first.end).toUpperCase() : '';
  const action = firstWord === 'WITH' ? (verb ?? '') : firstWord;
  const isInsert = action === 'INSERT' || action === 'REPLACE';
  return {
    isExplain: firstWord === 'EXPLAIN',
    isIud: isInsert || action === 'UPDATE' || action === 'DELETE',
    isInsert,
    isBeginReadonly: firstWord === 'BEGIN' && words.includes('READONLY'),
    changesSession: ['PRAGMA', 'ATTACH', 'DETACH'].includes(firstWord) || words.includes('TEMP') || words.includes('TEMPORARY'),
  };
}

export function analyzeStatement(sql: string): StmtInfo {
  const tokens = tokenize(sql);
  return { params: numberParams(sql, tokens), ...classify(sql, tokens) };
}
