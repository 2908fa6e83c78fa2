import { useEffect, useRef, useState, type FormEvent } from 'react';
import { NOTIFICATION_PRIORITIES, NOTIFICATION_TYPES } from '#core/notifications/notification-options.ts';
import type { NotificationView } from '#core/notifications/notification-view.ts';
import { FormAlert, SelectField } from '#web/components/form-kit.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { subscribeLiveEvents } from '#web/lib/live-events.ts';
import { storedToken } from '#web/lib/session.ts';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { ListBody, ListFilters, SearchField } from '#web/panel/resource/list-kit.tsx';
import { navigate } from '#web/panel/router.tsx';
import { NotificationSettings } from './notification-settings.tsx';
import {
  announceUnread,
  deleteNotification,
  LOCAL_LIMIT,
  markAllRead,
  markClicked,
  markRead,
  mergeNotifications,
  notificationLink,
  onUnreadChange,
  readPage,
  readUnreadCount,
  type NotificationFilters,
} from './notifications-api.ts';
import { formatDateTime, upperFirst } from '#web/components/format.ts';
import { useSchoolZone } from '#web/components/school-zone.tsx';

const NONE: NotificationFilters = { type: '', read: '', priority: '', search: '' };
const options = (list: readonly string[]) => list.map((v) => ({ value: v, label: upperFirst(v) }));

/** Every panel's full list of notifications: filters, search, more pages, read, open, delete, preferences. */
export default function NotificationsScreen({ user, panel }: PanelScreenProps) {
  const zone = useSchoolZone();
  const [filters, setFilters] = useState<NotificationFilters>(NONE);
  const [items, setItems] = useState<NotificationView[]>([]);
  const [page, setPage] = useState(1);
  const [hasMore, setHasMore] = useState(false);
  const [ready, setReady] = useState(false);
  const [unread, setUnread] = useState(0);
  const [alert, setAlert] = useState('');
  const [status, setStatus] = useState('');
  const filtered = filters !== NONE;
  const filteredRef = useRef(filtered);
  filteredRef.current = filtered;

  useEffect(() => {
    const ctl = new AbortController();
    setReady(false);
    readPage(1, filters, ctl.signal).then(
      (p) => {
        setItems(p.items);
        setHasMore(p.hasMore);
        setPage(1);
        setReady(true);
      },
      (err) => {
        if (ctl.signal.aborted) return;
        setAlert(errorMessage(err));
        setReady(true);
      },
    );
    readUnreadCount(ctl.signal).then(setUnread, () => {});
    return () => ctl.abort();
  }, [filters]);

  // New ones arrive over the socket; with a filter on, the list is the server's answer to it.
  useEffect(() => {
    const token = storedToken();
    if (!token) return;
    return subscribeLiveEvents(user, token, (frame) => {
      if (frame.type !== 'notification') return;
      const n = frame.data;
      if (!n.read) setUnread((c) => c + 1);
      if (!filteredRef.current) setItems((list) => mergeNotifications(list, [n]));
    });
  }, [user]);

  function onFilter(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const next = {
      type: String(f.get('type') ?? ''),
      read: String(f.get('read') ?? ''),
      priority: String(f.get('priority') ?? ''),
      search: String(f.get('search') ?? ''),
    };
    setAlert('');
    setFilters(Object.values(next).some((v) => v.trim()) ? next : NONE);
  }

  async function more() {
    try {
      const p = await readPage(page + 1, filters);
      setItems((list) => mergeNotifications(list, p.items));
      setHasMore(p.hasMore);
      setPage(page + 1);
    } catch (err) {
      setAlert(errorMessage(err));
    }
  }

  /** The server's count after a change, shared with the bell. */
  const sync = (count: unknown) => {
    if (typeof count !== 'number') return;
    setUnread(count);
    announceUnread(count);
  };
  useEffect(() => onUnreadChange(setUnread), []);

  const markLocal = (id: string, patch: Partial<NotificationView>) =>
    setItems((list) => list.map((x) => (x._id === id ? { ...x, ...patch } : x)));

  async function act(work: () => Promise<unknown> | null, done: string) {
    setAlert('');
    try {
      await work();
      setStatus(done);
    } catch (err) {
      setAlert(errorMessage(err));
    }
  }

  function open(n: NotificationView) {
    markLocal(n._id, { read: true, clicked: true });
    markClicked(n._id)?.then(
      (b) => sync(b.unreadCount),
      () => {},
    );
    const link = notificationLink(n);
    if (!link) return;
    if (link.startsWith(`${panel.base}/`) || link === panel.base) navigate(link);
    else window.location.assign(link);
  }

  return (
    <div className="panel-screen notifications-screen">
      <h1>Notifications</h1>
      <p className="lead">
        <span className="notifications-unread" data-unread={unread}>
          {unread === 0 ? 'Nothing unread.' : `${unread} unread.`}
        </span>{' '}
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          disabled={unread === 0}
          onClick={() =>
            act(async () => {
              await markAllRead();
              sync(0);
              setItems((list) => list.map((x) => ({ ...x, read: true })));
            }, 'All notifications marked as read')
          }
        >
          Mark all as read
        </button>
      </p>
      <ListFilters label="Filter notifications" onSubmit={onFilter} submit="Show">
        <SearchField id="nf-search" label="Search" defaultValue="" maxLength={100} />
        <SelectField id="nf-type" name="type" label="Type" allLabel="All types" options={options(NOTIFICATION_TYPES)} defaultValue="" />
        <SelectField
          id="nf-read"
          name="read"
          label="Status"
          allLabel="Read and unread"
          options={[
            { value: 'false', label: 'Unread' },
            { value: 'true', label: 'Read' },
          ]}
          defaultValue=""
        />
        <SelectField
          id="nf-priority"
          name="priority"
          label="Priority"
          allLabel="Any priority"
          options={options(NOTIFICATION_PRIORITIES)}
          defaultValue=""
        />
      </ListFilters>
      {alert && <FormAlert message={alert} />}
      <p className="visually-hidden" role="status">
        {status}
      </p>
      <ListBody
        ready={ready}
        empty={items.length === 0 && <p className="muted">{filtered ? 'No notifications match.' : 'No notifications yet.'}</p>}
      >
        <ul className="notification-list">
          {items.map((n) => (
            <li key={n._id} className={n.read ? 'notification-row' : 'notification-row notification-unread'}>
              <div className="notification-text">
                <p className="notification-title">
                  {!n.read && <span className="visually-hidden">Unread: </span>}
                  {n.title}
                </p>
                {n.body && <p className="notification-body">{n.body}</p>}
                <p className="notification-meta">
                  <time dateTime={n.createdAt}>{formatDateTime(n.createdAt, zone)}</time>
                  <span className="badge">{n.type}</span>
                  {n.priority === 'high' && <span className="badge badge-contacted">High priority</span>}
                </p>
              </div>
              <div className="notification-actions">
                {notificationLink(n) && (
                  <button type="button" className="btn btn-primary btn-sm" onClick={() => open(n)}>
                    Open<span className="visually-hidden"> {n.title}</span>
                  </button>
                )}
                {!n.read && (
                  <button
                    type="button"
                    className="btn btn-secondary btn-sm"
                    onClick={() =>
                      act(async () => {
                        const b = await markRead(n._id);
                        markLocal(n._id, { read: true });
                        sync(b?.unreadCount);
                      }, 'Notification marked as read')
                    }
                  >
                    Mark read<span className="visually-hidden"> {n.title}</span>
                  </button>
                )}
                <button
                  type="button"
                  className="btn btn-secondary btn-sm"
                  onClick={() =>
                    act(async () => {
                      await deleteNotification(n._id);
                      setItems((list) => list.filter((x) => x._id !== n._id));
                      if (!n.read) sync(await readUnreadCount());
                    }, 'Notification deleted')
                  }
                >
                  Delete<span className="visually-hidden"> {n.title}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
        {hasMore && items.length < LOCAL_LIMIT && (
          <p>
            <button type="button" className="btn btn-secondary" onClick={more}>
              Show older
            </button>
          </p>
        )}
        {items.length >= LOCAL_LIMIT && <p className="muted">Showing the latest {LOCAL_LIMIT}.</p>}
      </ListBody>
      <NotificationSettings />
    </div>
  );
}
