import { kioskPinKey } from '#core/kiosk/pin-hash.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';

/** The school's PIN key, derived from JWT_SECRET (rotating that secret makes every PIN unusable until re-set). */
export const pinKeyOf = (ctx: Pick<ServiceCtx, 'config'>) => kioskPinKey(ctx.config.JWT_SECRET);
