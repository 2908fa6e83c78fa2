import type { SocketStatus } from '#web/lib/realtime.ts';

const LABELS: Record<SocketStatus, string> = {
  disconnected: 'Live updates are off',
  connecting: 'Connecting live updates…',
  connected: '',
  reconnecting: 'Reconnecting live updates…',
  error: 'Live updates are interrupted',
  failed: 'Live updates are unavailable; reload the page to try again',
};

/** A quiet line while the socket is not connected (spec 4 states, spec 8 message); nothing once it is. */
export function LiveNote({ status, message }: { status: SocketStatus; message?: string | undefined }) {
  const label = LABELS[status];
  return (
    <p className="msg-live" role="status" data-status={status}>
      {label && (
        <>
          <span className="msg-live-dot" aria-hidden="true" />
          {label}
          {message && status !== 'connecting' ? ` (${message})` : ''}
        </>
      )}
    </p>
  );
}
