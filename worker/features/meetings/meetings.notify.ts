import { panelScreenUrl, type Role } from '#core/roles.ts';
import type { MeetingRow } from '#db/schema/index.ts';
import { notifyByRole } from '#worker/lib/notify.ts';
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
    const body = customMessage?.trim() || `Starts ${when} (${meeting.timezone}).`;
    // Each link opens the meetings screen of the recipient's own panel.
    await notifyByRole(ctx, recipients, (role) => {
      const url = panelScreenUrl(role, 'meetings');
      return {
        title: `Meeting: ${meeting.topic}`,
        body,
        type: 'info',
        eventType: 'meeting_shared',
        priority: 'high',
        entityType: 'meeting',
        entityId: meeting.id,
        data: { meetingId: meeting.id, startTime: meeting.startTime.toISOString(), url },
        actions: [{ action: 'open', title: 'Open meetings', url }],
      };
    });
  },
};
