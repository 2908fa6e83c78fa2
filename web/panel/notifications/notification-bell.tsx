import { useEffect, useRef, useState } from 'react';
import type { NotificationView } from '#core/notifications/notification-view.ts';
import { errorMessage } from '#web/lib/api.ts';
import { subscribeLiveEvents } from '#web/lib/live-events.ts';
import { storedToken, type SessionUser } from '#web/lib/session.ts';
import { PushSwitch } from './push-switch.tsx';
import {
  announceUnread,
  markAllRead,
  markClicked,
  mergeNotifications,
  notificationLink,
  onUnreadChange,
  readLatest,
  readUnreadCount,
} from './notifications-api.ts';
import { PanelLink } from '#web/panel/router.tsx';
import { formatDateTime } from '#web/components/format.ts';
import { useSchoolZone } from '#web/components/school-zone.tsx';

/**
 * The bell of every panel: the unread count, kept live by the socket's `notification` events, and a
 * dropdown of the latest ones; opening one marks it read and clicked, "Mark all as read" zeroes the count.
 */
export function NotificationBell({ user, allHref }: { user: SessionUser; allHref: string }) {
  const zone = useSchoolZone();
  const [count, setCount] = useState(0);
  const [items, setItems] = useState<NotificationView[]>([]);
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState('');
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const ctl = new AbortController();
    readUnreadCount(ctl.signal).then(setCount, () => {});
    const unlisten = onUnreadChange(setCount);
    const token = storedToken();
    const stop = token
      ? subscribeLiveEvents(user, token, (frame) => {
          if (frame.type !== 'notification') return;
          const n = frame.data;
          setItems((list) => mergeNotifications(list, [n]));
          if (!n.read) setCount((c) => c + 1);
        })
      : () => {};
    return () => {
      ctl.abort();
      stop();
      unlisten();
    };
  }, [user]);

  useEffect(() => {
    if (!open) return;
    const ctl = new AbortController();
    readLatest(ctl.signal).then(
      (list) => setItems((current) => mergeNotifications(current, list)),
      (err) => !ctl.signal.aborted && setProblem(errorMessage(err)),
    );
    const outside = (e: MouseEvent) => root.current && !root.current.contains(e.target as Node) && setOpen(false);
    const escape = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      ctl.abort();
      document.removeEventListener('mousedown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  async function openOne(n: NotificationView) {
    if (!n.read) setCount((c) => Math.max(0, c - 1));
    setItems((list) => list.map((x) => (x._id === n._id ? { ...x, read: true, clicked: true } : x)));
    await markClicked(n._id)?.then(
      (b) => typeof b.unreadCount === 'number' && announceUnread(b.unreadCount),
      (err: unknown) => setProblem(errorMessage(err)),
    );
    const url = notificationLink(n);
    if (url) window.location.assign(url);
  }

  async function allRead() {
    try {
      await markAllRead();
      setCount(0);
      announceUnread(0);
      setItems((list) => list.map((x) => ({ ...x, read: true })));
    } catch (err) {
      setProblem(errorMessage(err));
    }
  }

  return (
    <div className="notification-bell" ref={root}>
      <button type="button" className="bell-button" aria-expanded={open} aria-controls="notification-list" onClick={() => setOpen(!open)}>
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path d="M6 17V11a6 6 0 0 1 12 0v6l1.5 2h-15zM10 21h4" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
        <span className="visually-hidden">Notifications</span>
        <span className="bell-count" data-unread={count} hidden={count === 0} aria-live="polite">
          {count}
          <span className="visually-hidden"> unread</span>
        </span>
      </button>
      {open && (
        <div className="bell-panel" id="notification-list" role="region" aria-label="Notifications">
          <div className="bell-head">
            <strong>Notifications</strong>
            <button type="button" className="btn btn-secondary btn-sm" onClick={allRead} disabled={count === 0}>
              Mark all as read
            </button>
          </div>
          <PushSwitch />
          {problem && (
            <p className="form-error" role="alert">
              {problem}
            </p>
          )}
          {items.length === 0 ? (
            <p className="muted">No notifications yet.</p>
          ) : (
            <ul className="bell-list">
              {items.slice(0, 10).map((n) => (
                <li key={n._id} className={n.read ? 'bell-item' : 'bell-item bell-unread'}>
                  <button type="button" onClick={() => openOne(n)}>
                    <span className="bell-title">{n.title}</span>
                    {n.body && <span className="bell-body">{n.body}</span>}
                    <span className="bell-time">{formatDateTime(n.createdAt, zone)}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <PanelLink className="bell-all" href={allHref} onClick={() => setOpen(false)}>
            See all notifications and settings
          </PanelLink>
        </div>
      )}
    </div>
  );
}
