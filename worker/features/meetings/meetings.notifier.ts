import { panelScreenUrl, type Role } from '#core/roles.ts';
import type { MeetingRow } from '#db/schema/index.ts';
import { notify } from '#worker/lib/notify.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';

export type MeetingRecipient = { id: string; role: Role };

export type MeetingShare = {
  meeting: MeetingRow;
  /** The active users the meeting targets (its roles, or 'all', and its named users). */
  recipients: readonly MeetingRecipient[];
  customMessage: string | undefined;
  sharedBy: string;
};

/** Tells the targeted users about a shared meeting (in-page notification, push). Runs after the response, through ctx.defer. */
export interface MeetingNotifier {
  meetingShared(ctx: ServiceCtx, share: MeetingShare): Promise<void>;
}

/** For tests that only look at what sharing marks and counts. */
export const noopMeetingNotifier: MeetingNotifier = { meetingShared: async () => {} };

/** The notifier POST /api/zoom-meetings/share uses: one notification per targeted user, with its push. */
export const meetingNotifier: MeetingNotifier = {
  async meetingShared(ctx, { meeting, recipients, customMessage }) {
    const when = meeting.startTime.toLocaleString('en-CA', { timeZone: meeting.timezone, dateStyle: 'medium', timeStyle: 'short' });
    // One notify per role: each link opens the meetings screen of that role's panel.
    const byRole = new Map<Role, string[]>();
    for (const r of recipients) {
      const ids = byRole.get(r.role);
      if (ids) ids.push(r.id);
      else byRole.set(r.role, [r.id]);
    }
    for (const [role, ids] of byRole)
      await notifyRole(
        ctx,
        meeting,
        ids,
        panelScreenUrl(role, 'meetings'),
        customMessage?.trim() || `Starts ${when} (${meeting.timezone}).`,
      );
  },
};

async function notifyRole(ctx: ServiceCtx, meeting: MeetingRow, ids: string[], url: string, body: string) {
  await notify(ctx, ids, {
    title: `Meeting: ${meeting.topic}`,
    body,
    type: 'info',
    eventType: 'meeting_shared',
    priority: 'high',
    entityType: 'meeting',
    entityId: meeting.id,
    data: { meetingId: meeting.id, startTime: meeting.startTime.toISOString(), url },
    actions: [{ action: 'open', title: 'Open meetings', url }],
  });
}
