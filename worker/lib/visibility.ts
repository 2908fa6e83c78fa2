import { isAdminCapable } from '#core/roles.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';

/** Admin-capable callers see inactive (hidden) items; everybody else only the active ones. */
export const seesHidden = (ctx: Pick<ServiceCtx, 'user'>) => isAdminCapable(ctx.user?.role);
