import type { MeetingRow } from '#db/schema/index.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';

export type MeetingShare = {
  meeting: MeetingRow;
  /** The active users the meeting targets (its roles, or 'all', and its named users). */
  recipientIds: readonly string[];
  customMessage: string | undefined;
  sharedBy: string;
};

/** Tells the targeted users about a shared meeting (in-page notification, push). Runs after the response, through ctx.defer. */
export interface MeetingNotifier {
  meetingShared(ctx: ServiceCtx, share: MeetingShare): Promise<void>;
}

/** Until the notifications feature plugs in: sharing still marks the meeting and counts its recipients. */
export const noopMeetingNotifier: MeetingNotifier = { meetingShared: async () => {} };

/** The notifier POST /api/zoom-meetings/share uses: the one line to change when notifications land. */
export const meetingNotifier: MeetingNotifier = noopMeetingNotifier;
