import { isAdminCapable } from '#core/roles.ts';
import type { ServiceCtx } from './service-context.ts';

/** Admin-capable callers also see inactive and unpublished items on the public reads. */
export const seesHidden = (ctx: Pick<ServiceCtx, 'user'>) => isAdminCapable(ctx.user?.role);
