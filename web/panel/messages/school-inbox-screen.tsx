import { useCallback, useEffect, useRef, useState } from 'react';
import { FormAlert, FormStatus } from '#web/components/form-kit.tsx';
import { errorMessage } from '#web/lib/api.ts';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { navigate } from '#web/panel/router.tsx';
import { BroadcastDialog } from './broadcast-dialog.tsx';
import { InboxPeople } from './inbox-people.tsx';
import { LiveNote } from './live-note.tsx';
import { readInboxUsers, readStats, type InboxUser, type MessageStats } from './messages-api.ts';
import { SchoolThread } from './school-thread.tsx';
import { useLiveFrames, useLiveStatus, useTypingPeople } from './use-live.ts';

const STAT_LABELS: [keyof MessageStats, string][] = [
  ['unread', 'Unread'],
  ['today', 'Today'],
  ['conversations', 'Conversations'],
  ['broadcasts', 'Broadcasts'],
  ['total', 'All messages'],
];
const byLatest = (a: InboxUser, b: InboxUser) => (b.lastMessageAt ?? '').localeCompare(a.lastMessageAt ?? '');

/**
 * The school's shared inbox (admin-capable panels): people by latest conversation with unread badges,
 * one conversation at a time (`/admin/messages/<id or identifier>`), replies, broadcasts and stats,
 * all kept live by the socket. On a phone the list and the conversation take turns.
 */
export default function SchoolInboxScreen({ user, base, path }: PanelScreenProps) {
  const targetKey = path[0] ? decodeURIComponent(path[0]) : '';
  const [users, setUsers] = useState<InboxUser[] | null>(null);
  const [search, setSearch] = useState('');
  const [stats, setStats] = useState<MessageStats | null>(null);
  const [openId, setOpenId] = useState('');
  const [alert, setAlert] = useState('');
  const [status, setStatus] = useState('');
  const [broadcasting, setBroadcasting] = useState(false);
  const live = useLiveStatus();
  const typing = useTypingPeople();
  const listRef = useRef<HTMLDivElement>(null);
  const picked = useRef(false);

  const reload = useCallback(() => {
    readInboxUsers(search).then(
      (r) => setUsers(r.users.filter((u) => u._id !== user._id)),
      (err) => setAlert(errorMessage(err)),
    );
    readStats().then(setStats, () => {});
  }, [search, user._id]);
  useEffect(reload, [reload]);
  useEffect(() => {
    if (!targetKey) setOpenId('');
  }, [targetKey]);

  useLiveFrames(user, (frame) => {
    if (frame.type === 'typing') return typing.onTyping(frame.data);
    if (frame.type === 'new_message') {
      const m = frame.data.message;
      const from = m.senderId?._id;
      if (!from) return;
      typing.clear(from);
      if (!users?.some((u) => u._id === from)) return reload();
      const bump = (u: InboxUser) =>
        u._id === from
          ? {
              ...u,
              unreadCount: u.unreadCount + 1,
              lastMessageAt: m.createdAt,
              lastMessage: { _id: m._id, content: m.content.slice(0, 100), kind: m.kind, senderId: from },
            }
          : u;
      setUsers((list) => list?.map(bump).sort(byLatest) ?? null);
      setStats((s) => s && { ...s, total: s.total + 1, direct: s.direct + 1, unread: s.unread + 1, today: s.today + 1 });
    }
    if (frame.type === 'messages_read_status_update' || frame.type === 'broadcast_sent') reload();
  });

  const onRead = useCallback(
    (id: string) => {
      setUsers((list) => list?.map((u) => (u._id === id ? { ...u, unreadCount: 0 } : u)) ?? null);
      readStats().then(setStats, () => {});
    },
    [setUsers],
  );

  function back() {
    navigate(base);
    requestAnimationFrame(() => listRef.current?.querySelector<HTMLElement>('.msg-person-open, .msg-person')?.focus());
  }

  const person = users?.find((u) => u._id === openId || u._id === targetKey || u.specialId.toLowerCase() === targetKey.toLowerCase());
  return (
    <div
      className="panel-screen msg-screen msg-inbox"
      data-ready={users ? '' : undefined}
      data-view={targetKey ? 'thread' : 'list'}
      aria-labelledby="inbox-title"
    >
      <div className="msg-head msg-inbox-head">
        <h1 id="inbox-title">Messages</h1>
        <button type="button" className="btn btn-primary" onClick={() => setBroadcasting(true)}>
          Broadcast
        </button>
      </div>
      {stats && (
        <dl className="msg-stats" aria-label="Message totals">
          {STAT_LABELS.map(([key, label]) => (
            <div key={key}>
              <dt>{label}</dt>
              <dd data-stat={key}>{stats[key]}</dd>
            </div>
          ))}
        </dl>
      )}
      <LiveNote status={live.status} message={live.message} />
      <FormAlert message={alert} />
      <FormStatus message={status} />
      <div className="msg-inbox-body">
        <div className="msg-people-pane" ref={listRef}>
          <InboxPeople
            users={users}
            base={base}
            openId={openId}
            typing={typing.typing}
            onSearch={setSearch}
            onPick={() => (picked.current = true)}
          />
        </div>
        {targetKey ? (
          <SchoolThread
            me={user}
            targetKey={targetKey}
            person={person}
            typing={typing.typing}
            onOpened={setOpenId}
            onRead={onRead}
            onChanged={reload}
            onBack={back}
            picked={picked}
          />
        ) : (
          <section className="msg-conversation msg-pick" aria-label="Conversation">
            <p className="empty-state">Choose a person to read and answer their messages.</p>
          </section>
        )}
      </div>
      {broadcasting && (
        <BroadcastDialog
          onClose={() => setBroadcasting(false)}
          onSent={(n) => {
            setBroadcasting(false);
            setStatus(`Broadcast sent to ${n} ${n === 1 ? 'person' : 'people'}`);
            reload();
          }}
        />
      )}
    </div>
  );
}
