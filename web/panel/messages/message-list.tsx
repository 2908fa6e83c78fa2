import { useEffect, useRef } from 'react';
import { profileName } from '#core/users/person-name.ts';
import type { ChatMessage } from '#web/lib/messages-thread.ts';
import { formatDateTime } from '#web/components/format.ts';
import { useSchoolZone } from '#web/components/school-zone.tsx';
import { Loading } from '#web/components/loading.tsx';
import type { useThread } from './use-thread.ts';

type Props = {
  messages: readonly ChatMessage[];
  meId: string;
  /** 'user': the signed-in person talks to the school; 'school': an admin reads one user's conversation. */
  viewer: 'user' | 'school';
  hasMore: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  /** The school's bulk selection; no boxes without it. */
  selected?: readonly string[];
  onSelect?: (ids: string[]) => void;
};

function senderLabel(m: ChatMessage, meId: string, viewer: Props['viewer']) {
  if (m.senderId?._id === meId) return 'You';
  if (m.isBroadcast) return 'Announcement from the school';
  if (viewer === 'user') return m.kind === 'reply' ? 'The school' : profileName(m.senderId?.profile, 'Someone');
  return m.kind === 'reply'
    ? `${profileName(m.senderId?.profile, 'The school')} (school)`
    : profileName(m.senderId?.profile, 'Deleted user');
}

/** A conversation, oldest first, that reads down; it follows new messages at the bottom, not older ones loaded on top. */
export function MessageList({ messages, meId, viewer, hasMore, loadingOlder, onLoadOlder, selected, onSelect }: Props) {
  const zone = useSchoolZone();
  const box = useRef<HTMLDivElement>(null);
  const newest = messages.at(-1)?._id;
  // Scrolls the list only, never the page, so a live message does not pull the reader away from the composer.
  useEffect(() => {
    if (box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [newest]);
  return (
    <div ref={box} className="msg-scroll" tabIndex={0} role="region" aria-label="Messages">
      {hasMore && (
        <p className="msg-older">
          <button type="button" className="btn btn-secondary btn-sm" disabled={loadingOlder} onClick={onLoadOlder}>
            {loadingOlder ? 'Loading older…' : 'Load older messages'}
          </button>
        </p>
      )}
      {messages.length === 0 ? (
        <p className="empty-state">No messages yet.</p>
      ) : (
        <ol className="msg-thread" role="log" aria-label="Conversation" aria-live="polite">
          {messages.map((m) => {
            const mine = m.senderId?._id === meId;
            const cls = ['msg', mine ? 'msg-mine' : 'msg-theirs', m.isBroadcast ? 'msg-broadcast' : '', m.pending ? 'msg-pending' : '']
              .filter(Boolean)
              .join(' ');
            const from = senderLabel(m, meId, viewer);
            return (
              <li key={m._id} className={cls} data-id={m._id} data-kind={m.kind}>
                {selected && onSelect && !m.pending && (
                  <input
                    type="checkbox"
                    className="msg-select"
                    aria-label={`Select message from ${from}, ${formatDateTime(m.createdAt, zone)}`}
                    checked={selected.includes(m._id)}
                    onChange={(e) => onSelect(e.target.checked ? [...selected, m._id] : selected.filter((s) => s !== m._id))}
                  />
                )}
                <div className="msg-bubble">
                  <p className="msg-meta">
                    <span className="msg-from">{from}</span>
                    {m.priority !== 'normal' && <span className={`badge msg-priority msg-priority-${m.priority}`}>{m.priority}</span>}
                    {!mine && !m.isRead && !m.pending && <span className="badge msg-new">New</span>}
                  </p>
                  <p className="msg-content">{m.content}</p>
                  <p className="msg-time">
                    {m.queued ? (
                      'Waiting to send (offline)'
                    ) : m.pending ? (
                      'Sending…'
                    ) : (
                      <time dateTime={m.createdAt}>{formatDateTime(m.createdAt, zone)}</time>
                    )}
                    {mine && !m.pending && !m.isBroadcast && m.isRead && <span> · Seen</span>}
                  </p>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}

type ThreadProps = Pick<Props, 'meId' | 'viewer' | 'selected' | 'onSelect'> & {
  thread: Pick<ReturnType<typeof useThread>, 'messages' | 'pagination' | 'ready' | 'loadingOlder' | 'loadOlder'>;
  loadingLabel: string;
  /** Who is typing on the other side, '' when nobody is. */
  typingText: string;
};

/** A thread's messages once its first page is read (loading until then), then who is typing. */
export function ThreadMessages({ thread, loadingLabel, typingText, ...list }: ThreadProps) {
  return (
    <>
      {!thread.ready ? (
        <Loading label={loadingLabel} />
      ) : (
        <MessageList
          {...list}
          messages={thread.messages}
          hasMore={!!thread.pagination?.hasMore}
          loadingOlder={thread.loadingOlder}
          onLoadOlder={() => void thread.loadOlder()}
        />
      )}
      <p className="msg-typing" aria-live="polite">
        {typingText}
      </p>
    </>
  );
}
