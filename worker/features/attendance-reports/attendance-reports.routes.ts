import { Hono } from 'hono';
import { ReportCsvQuery, ReportQuery, reportFileName } from '#core/attendance/report-query.ts';
import type { AppEnv } from '#worker/env.ts';
import { validate } from '#worker/lib/validate.ts';
import { attendanceReportCsv, attendanceReports } from './attendance-reports.service.ts';

/** /api/attendance/reports(.csv): the school's attendance over a range of days, as JSON or one report as a CSV file. */
export const attendanceReportsRoutes = new Hono<AppEnv>()
  .get('/reports', validate('query', ReportQuery), async (c) => {
    const { report } = await attendanceReports(c.var.ctx, c.req.valid('query'));
    return c.json({ success: true as const, data: report });
  })
  .get('/reports.csv', validate('query', ReportCsvQuery), async (c) => {
    const q = c.req.valid('query');
    return c.body(await attendanceReportCsv(c.var.ctx, q), 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${reportFileName(q.report, q.from, q.to)}"`,
      'cache-control': 'no-store',
    });
  });
