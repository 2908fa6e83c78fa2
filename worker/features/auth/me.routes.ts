import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import { DeactivateInput, UpdatePasswordInput } from '#core/auth/account.ts';
import { UpdateProfileInput } from '#core/auth/profile.ts';
import type { AppEnv } from '#worker/env.ts';
import { validate } from '#worker/lib/validate.ts';
import { requireUser } from '#worker/middleware/auth.ts';
import { bodyLimit } from '#worker/middleware/body-limit.ts';
import { ASSET_TYPES, deleteProfilePicture, serveAvatar, tooLargeMessage, uploadProfilePicture } from './avatar.service.ts';
import { updatePassword } from './password.service.ts';
import { getCurrentUser, updateProfile } from './profile.service.ts';
import { AVATAR_URL_PREFIX, serializeUser } from '#worker/lib/serialize-user.ts';
import { deactivateAccount, logoutEverywhere, refreshSession } from './session.service.ts';

const AssetParam = z.object({ type: z.enum(ASSET_TYPES, { error: `Unsupported asset type. Must be one of: ${ASSET_TYPES.join(', ')}` }) });

const avatarBound = (c: Context<AppEnv>) => {
  const maxBytes = c.var.config.AVATAR_MAX_BYTES;
  return { maxBytes, tooLargeMessage: tooLargeMessage(maxBytes) };
};

const currentUser = async (c: Context<AppEnv>) => {
  const row = c.get('userRow');
  const user = row ? serializeUser(row) : await getCurrentUser(c.var.ctx, requireUser(c).id);
  return c.json({ success: true as const, data: user, user });
};

const logout = async (c: Context<AppEnv>) => {
  const result = await logoutEverywhere(c.var.ctx, requireUser(c).id);
  return c.json({ success: true as const, ...result });
};

/** The signed-in user's own account: profile, password, picture, session. */
export const meRoutes = new Hono<AppEnv>()
  .get('/me', currentUser)
  .get('/profile', currentUser)
  .put('/update-profile', validate('json', UpdateProfileInput), async (c) => {
    const user = await updateProfile(c.var.ctx, requireUser(c).id, c.req.valid('json'));
    return c.json({ success: true as const, message: 'Profile updated successfully', data: user, user });
  })
  .post('/update-password', validate('json', UpdatePasswordInput), async (c) => {
    const result = await updatePassword(c.var.ctx, c.req.valid('json'), requireUser(c).id);
    return c.json({ success: true as const, ...result });
  })
  .post('/upload-asset/:type', bodyLimit(avatarBound), validate('param', AssetParam), async (c) => {
    const result = await uploadProfilePicture(c.var.ctx, requireUser(c).id, c.req.raw);
    return c.json({ success: true as const, ...result });
  })
  .delete('/upload-asset/profile-picture', async (c) => {
    const result = await deleteProfilePicture(c.var.ctx, requireUser(c).id);
    return c.json({ success: true as const, ...result });
  })
  .get('/assets/*', (c) => serveAvatar(c.var.ctx, c.req.path.slice(AVATAR_URL_PREFIX.length)))
  .post('/refresh-token', async (c) => {
    const result = await refreshSession(c.var.ctx, requireUser(c).id);
    return c.json({ success: true as const, ...result });
  })
  .post('/deactivate', validate('json', DeactivateInput), async (c) => {
    const result = await deactivateAccount(c.var.ctx, requireUser(c).id, c.req.valid('json'));
    return c.json({ success: true as const, ...result });
  })
  .get('/logout', logout)
  .post('/logout', logout);
