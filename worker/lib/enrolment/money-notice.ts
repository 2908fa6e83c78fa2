import type { Role } from '#core/roles.ts';
import { notify } from '#worker/lib/notify.ts';
import { escapeHtml } from '#worker/lib/order-mail.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';

/** A notice to the school about money that came in: who is told, what they read, where it links in the admin panel. */
export type SchoolNotice = {
  roles: readonly Role[];
  title: string;
  body: string;
  eventType: string;
  entityType: string;
  entityId: string;
  /** The admin panel's page of the purchase (a path). */
  link: string;
  linkLabel: string;
};

/**
 * After the response (ctx.defer): the school's staff hear in the bell, by push and by e-mail, each by their
 * preferences. Called from a settlement's `afterPaid`, which runs only when that payment moved the
 * purchase, so a replayed webhook or a second verify tells nobody twice. `read` answers null when gone.
 */
export function tellSchool(ctx: ServiceCtx, label: string, read: () => Promise<SchoolNotice | null>) {
  ctx.defer(label, async () => {
    const n = await read();
    if (!n) return;
    const url = `${ctx.origin}${n.link}`;
    await notify(
      ctx,
      { roles: n.roles },
      {
        title: n.title,
        body: n.body,
        type: 'info',
        eventType: n.eventType,
        entityType: n.entityType,
        entityId: n.entityId,
        actions: [{ action: 'view', title: n.linkLabel, url: n.link }],
      },
      {
        subject: n.title,
        text: [n.body, '', `${n.linkLabel}: ${url}`].join('\n'),
        html: [`<p>${escapeHtml(n.body)}</p>`, `<p><a href="${escapeHtml(url)}">${escapeHtml(n.linkLabel)}</a></p>`].join('\n'),
        kind: n.eventType,
      },
    );
  });
}
