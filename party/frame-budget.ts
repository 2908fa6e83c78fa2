/**
 * What one socket may send: FRAME_LIMIT.perSecond frames a second (a browser sends a typing frame at
 * most every 2 s); frames beyond it are dropped unread, and a socket that has had more than
 * FRAME_LIMIT.dropsToClose dropped within FRAME_LIMIT.dropWindowMs is flooding and is closed.
 */
export const FRAME_LIMIT = { perSecond: 5, dropsToClose: 20, dropWindowMs: 10_000 } as const;

export type FrameVerdict = 'pass' | 'drop' | 'close';

export class FrameBudget {
  private second = 0;
  private inSecond = 0;
  private dropWindow = 0;
  private drops = 0;

  take(now = Date.now()): FrameVerdict {
    const second = Math.floor(now / 1000);
    if (second !== this.second) {
      this.second = second;
      this.inSecond = 0;
    }
    if (++this.inSecond <= FRAME_LIMIT.perSecond) return 'pass';
    if (now - this.dropWindow >= FRAME_LIMIT.dropWindowMs) {
      this.dropWindow = now;
      this.drops = 0;
    }
    return ++this.drops > FRAME_LIMIT.dropsToClose ? 'close' : 'drop';
  }
}
