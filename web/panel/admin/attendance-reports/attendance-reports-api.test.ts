import { describe, expect, it } from 'vitest';
import { ReportQuery } from '#core/attendance/report-query.ts';
import { lastFourWeeks, percent } from './attendance-reports-api.ts';

describe("the screen's default range", () => {
  it("is the last four weeks up to today on the school's clock, not the viewer's", () => {
    // 03:00 UTC on 1 March is still 28 February in Vancouver.
    const now = new Date('2026-03-01T03:00:00Z');
    expect(lastFourWeeks('America/Vancouver', now)).toEqual({ from: '2026-02-01', to: '2026-02-28', classId: '' });
    expect(lastFourWeeks('Asia/Tokyo', now)).toEqual({ from: '2026-02-02', to: '2026-03-01', classId: '' });
    expect(ReportQuery.safeParse(lastFourWeeks('America/Vancouver', now)).success).toBe(true);
  });
});

describe('percent', () => {
  it('shows a rate to one decimal, and a dash for none', () => {
    expect([percent(0.8333), percent(1), percent(0), percent(null)]).toEqual(['83.3%', '100%', '0%', '–']);
  });
});
