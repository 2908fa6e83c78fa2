import { meetingsProvider } from '#worker/lib/zoom.ts';
import { Hono } from 'hono';
import {
  CreateMeetingSchema,
  ListMeetingsQuery,
  MEETING_MESSAGES,
  MeetingStatusSchema,
  ShareMeetingSchema,
  UpdateMeetingSchema,
} from '#core/meetings/meeting-schemas.ts';
import type { AppEnv } from '#worker/env.ts';
import { validate } from '#worker/lib/validate.ts';
import { joinMeeting } from './meetings.join.ts';
import { getMeeting, listMeetings } from './meetings.read.ts';
import { shareMeeting } from './meetings.share.ts';
import { changeMeetingStatus, createMeeting, deleteMeeting, updateMeeting } from './meetings.write.ts';

const people = (n: number) => `${n} user${n === 1 ? '' : 's'}`;

/** Spec 7 Meetings. /share comes before /:id so it cannot be taken for an id. */
export const meetingsRoutes = new Hono<AppEnv>()
  .post('/', validate('json', CreateMeetingSchema), async (c) => {
    const meeting = await createMeeting(c.var.ctx, c.req.valid('json'));
    return c.json({ success: true, data: meeting, meeting, message: MEETING_MESSAGES.created }, 201);
  })
  .get('/', validate('query', ListMeetingsQuery), async (c) => {
    const { meetings, upcoming, past, pagination } = await listMeetings(c.var.ctx, c.req.valid('query'));
    return c.json({ success: true, data: { meetings, upcoming, past }, upcoming, past, count: meetings.length, pagination });
  })
  .post('/share', validate('json', ShareMeetingSchema), async (c) => {
    const { meeting, recipients } = await shareMeeting(c.var.ctx, c.req.valid('json'));
    return c.json({ success: true, data: meeting, meeting, recipients, message: `Meeting shared with ${people(recipients)}` });
  })
  // Whether a meeting left without a link is made on Zoom (its secrets are set), for the admin form.
  .get('/provider', (c) => c.json({ success: true, data: { zoomConnected: meetingsProvider(c.var.ctx.config) !== null } }))
  .get('/:id', async (c) => {
    const meeting = await getMeeting(c.var.ctx, c.req.param('id'));
    return c.json({ success: true, data: meeting, meeting });
  })
  .patch('/:id', validate('json', UpdateMeetingSchema), async (c) => {
    const meeting = await updateMeeting(c.var.ctx, c.req.param('id'), c.req.valid('json'));
    return c.json({ success: true, data: meeting, meeting, message: MEETING_MESSAGES.updated });
  })
  .delete('/:id', async (c) => {
    const data = await deleteMeeting(c.var.ctx, c.req.param('id'));
    return c.json({ success: true, data, message: MEETING_MESSAGES.deleted });
  })
  .patch('/:id/status', validate('json', MeetingStatusSchema), async (c) => {
    const meeting = await changeMeetingStatus(c.var.ctx, c.req.param('id'), c.req.valid('json'));
    return c.json({ success: true, data: meeting, meeting, message: MEETING_MESSAGES.statusChanged });
  })
  .post('/:id/join', async (c) => {
    const data = await joinMeeting(c.var.ctx, c.req.param('id'));
    return c.json({ success: true, data, message: MEETING_MESSAGES.joined });
  });
