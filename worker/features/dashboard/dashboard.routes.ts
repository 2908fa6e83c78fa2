import { Hono } from 'hono';
import type { AppEnv } from '#worker/env.ts';
import { adminHome } from './dashboard.admin.ts';
import { controlPanelHome } from './dashboard.control.ts';
import { grandMasterHome, instructorHome } from './dashboard.staff.ts';
import { studentHome } from './dashboard.student.ts';

/** /api/dashboard/<panel>: the figures and queues of each panel's home; who may ask is the access table's. */
export const dashboardRoutes = new Hono<AppEnv>()
  .get('/student', async (c) => c.json({ success: true as const, data: await studentHome(c.var.ctx) }))
  .get('/instructor', async (c) => c.json({ success: true as const, data: await instructorHome(c.var.ctx) }))
  .get('/grand-master', async (c) => c.json({ success: true as const, data: await grandMasterHome(c.var.ctx) }))
  .get('/admin', async (c) => c.json({ success: true as const, data: await adminHome(c.var.ctx) }))
  .get('/control-panel', async (c) => c.json({ success: true as const, data: await controlPanelHome(c.var.ctx) }));
