/** The auth words for browser forms, from the zod-free core module (no schema code in the islands). */
export { AUTH_MESSAGES, EMAIL_PATTERN } from '#core/auth/messages.ts';
