import { describe, expect, it } from 'vitest';
import { analyzeStatement, splitStatements } from './sqltext.ts';

describe('splitStatements', () => {
  it('splits on semicolons and drops empty statements and comments', () => {
    expect(splitStatements('select 1; select 2;;  -- trailing\n')).toEqual(['select 1', ' select 2']);
    expect(splitStatements('select 1')).toEqual(['select 1']);
    expect(splitStatements(' ; -- c\n /* d */ ')).toEqual([]);
  });

  it('ignores semicolons in strings, identifiers and comments', () => {
    const sql = `insert into "a;b" values ('x;y', [c;d], \`e;f\`); -- no;split\nselect /* ; */ 2`;
    expect(splitStatements(sql)).toHaveLength(2);
  });

  it('keeps a trigger body whole (SQLite sqlite3_complete rules)', () => {
    const sql = `create table t(x);
      CREATE TEMP TRIGGER tr AFTER INSERT ON t BEGIN
        insert into log values (new.x);
        update t set x = case when x > 1 then 1 else 2 end where rowid = new.rowid;
      END;
      insert into t values (1)`;
    const parts = splitStatements(sql);
    expect(parts).toHaveLength(3);
    expect(parts[1]).toMatch(/^\s*CREATE TEMP TRIGGER[\s\S]*END$/);
  });
});

describe('analyzeStatement', () => {
  it('numbers parameters like SQLite', () => {
    expect(analyzeStatement('select :a, ?, @b, ?5, :a, $c').params).toEqual([':a', null, '@b', null, '?5', '$c']);
    expect(analyzeStatement('select \'?\', ":x", ? -- :y').params).toEqual([null]);
    expect(analyzeStatement('select ?2').params).toEqual([null, '?2']);
    expect(analyzeStatement('select $a::b, @c, :a').params).toEqual(['$a::b', '@c', ':a']);
    expect(analyzeStatement('select $x(1), :été').params).toEqual(['$x(1)', ':été']);
  });

  it('classifies statements', () => {
    expect(analyzeStatement('INSERT INTO t VALUES (1)')).toMatchObject({ isInsert: true, isIud: true, isExplain: false });
    expect(analyzeStatement('with x as (select 1) update t set a = 1')).toMatchObject({ isInsert: false, isIud: true });
    expect(analyzeStatement('with x as (select 1) insert into t select * from x')).toMatchObject({ isInsert: true });
    expect(analyzeStatement('/* c */ select * from t')).toMatchObject({ isIud: false, isInsert: false });
    expect(analyzeStatement('explain select 1').isExplain).toBe(true);
    expect(analyzeStatement('BEGIN TRANSACTION READONLY').isBeginReadonly).toBe(true);
    expect(analyzeStatement('BEGIN IMMEDIATE').isBeginReadonly).toBe(false);
  });
});
