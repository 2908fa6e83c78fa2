/**
 * The room's side of spec 7's socket: when it closes a socket, and how long it waits for the
 * `authenticate` frame. The frames themselves, both ways, are core/realtime/frames.ts.
 */

/**
 * Why a room closes a socket (the WebSocket close code; an auth_error frame with the same message goes
 * first for the first three). authFailed: no, a bad or a stale token, or none within AUTH_WINDOW_MS;
 * sessionEnded: the account's token version, block or role changed (logout, password change, block,
 * deactivation, demotion, deletion); notYourRoom: another user's room; tooManyFrames: a sustained flood.
 */
export const ROOM_CLOSE = { authFailed: 4001, sessionEnded: 4002, notYourRoom: 4003, tooManyFrames: 4008 } as const;

/** A socket must send its authenticate frame this soon after it opens; the room sends nothing before. */
export const AUTH_WINDOW_MS = 5_000;

/** The longest frame a room reads (a typing or authenticate frame is far shorter). */
export const MAX_FRAME_CHARS = 4096;
