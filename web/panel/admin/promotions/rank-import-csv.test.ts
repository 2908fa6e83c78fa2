import { describe, expect, it } from 'vitest';
import { LEDGER_MESSAGES } from '#core/progression/ledger-input.ts';
import { importRowsFromCsv, problemsFromApi } from './rank-import-csv.ts';

describe('rank history CSV → import rows', () => {
  it('reads headers in common spellings and turns numbers into numbers', () => {
    const csv =
      'Student ID,Program,Belt,Awarded on,Stripes,Classes,Notes\r\nSTU-0001,karate,Yellow belt,2024-03-02,2,40,"From the old book, p. 3"\n';
    expect(importRowsFromCsv(csv)).toEqual({
      rows: [
        {
          studentId: 'STU-0001',
          program: 'karate',
          rank: 'Yellow belt',
          awardedOn: '2024-03-02',
          stripes: 2,
          credits: 40,
          note: 'From the old book, p. 3',
        },
      ],
      problems: [],
    });
  });
  it('names every bad row and column, counting rows from 0 as the API does', () => {
    const csv =
      'email,program,rank,awardedOn,stripes\nleo@x.test,karate,3,2024-02-30,1\nmia@x.test,karate,3,2024-13-01\n,karate,,2024-01-05,two\n';
    const { rows, problems } = importRowsFromCsv(csv);
    expect(rows).toHaveLength(3);
    expect(problems).toEqual([
      { row: 0, column: 'awardedOn', message: LEDGER_MESSAGES.date },
      { row: 1, column: 'awardedOn', message: LEDGER_MESSAGES.date },
      { row: 2, column: 'rank', message: LEDGER_MESSAGES.rankNotFound },
      { row: 2, column: 'stripes', message: LEDGER_MESSAGES.stripes },
    ]);
    // Who the row is about is checked once the row's own fields are right.
    expect(importRowsFromCsv('studentId,program,rank,awardedOn\n,karate,Yellow,2024-01-01').problems).toEqual([
      { row: 0, column: 'studentId', message: LEDGER_MESSAGES.who },
    ]);
  });
  it('refuses an unknown column, an empty paste and more than 500 rows', () => {
    expect(importRowsFromCsv('studentId,program,rank,awardedOn,colour\nS1,karate,1,2024-01-01,red').problems).toEqual([
      expect.objectContaining({ row: null, column: 'colour' }),
    ]);
    expect(importRowsFromCsv('  \n').problems[0]!.message).toMatch(/header row/);
    expect(importRowsFromCsv('studentId,program,rank,awardedOn').problems[0]!.message).toBe('No rows under the header');
    const many = ['studentId,program,rank,awardedOn', ...Array.from({ length: 501 }, (_, i) => `S${i},karate,1,2024-01-01`)].join('\n');
    expect(importRowsFromCsv(many).problems).toEqual([
      expect.objectContaining({ row: null, message: expect.stringContaining('At most 500') }),
    ]);
  });
  it("maps the API's refusal onto the preview's rows", () => {
    expect(
      problemsFromApi([
        { field: 'rows.3.rank', message: 'rank is not a rank of karate' },
        { path: 'rows.0', message: 'Student not found' },
        { field: 'rows', message: 'At most 500 rows' },
      ]),
    ).toEqual([
      { row: 3, column: 'rank', message: 'rank is not a rank of karate' },
      { row: 0, column: '', message: 'Student not found' },
      { row: null, column: '', message: 'At most 500 rows' },
    ]);
  });
});
