import { useEffect, useMemo, useRef, useState } from 'react';
import type { MessagePriority } from '#core/messages/message-schemas.ts';
import { FormAlert, FormStatus } from '#web/components/form-kit.tsx';
import { Loading } from '#web/components/loading.tsx';
import { errorMessage, type Pagination } from '#web/lib/api.ts';
import { sendTyping } from '#web/lib/live-events.ts';
import {
  frameMessage,
  frameReadIds,
  markReadLocally,
  mergeMessages,
  optimisticMessage,
  pendingTwin,
  personName,
  THREAD_MESSAGES,
  typingThrottle,
  unreadFromOthers,
  type ChatMessage,
} from '#web/lib/messages-thread.ts';
import { ROLE_LABELS, type SessionUser } from '#web/lib/session.ts';
import { ConfirmDialog } from '#web/panel/resource/confirm-dialog.tsx';
import { Composer } from './composer.tsx';
import { MessageList } from './message-list.tsx';
import { deleteMessages, markRead, readConversation, replyTo, type InboxUser } from './messages-api.ts';
import { usePageVisible, useLiveFrames } from './use-live.ts';

type Props = {
  me: SessionUser;
  /** The user's account id or identifier, from the URL. */
  targetKey: string;
  person: InboxUser | undefined;
  typing: readonly string[];
  onOpened: (userId: string) => void;
  onRead: (userId: string) => void;
  onChanged: () => void;
  onBack: () => void;
  /** Set when the person was chosen from the list (then the focus moves to the conversation), not on a deep link. */
  picked: { current: boolean };
};

/** One user's conversation as the school sees it: reply, mark read, select and delete or mark read in bulk. */
export function SchoolThread({ me, targetKey, person, typing, onOpened, onRead, onChanged, onBack, picked }: Props) {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [pagination, setPagination] = useState<Pagination | null>(null);
  const [userId, setUserId] = useState('');
  const [ready, setReady] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [alert, setAlert] = useState('');
  const [status, setStatus] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);
  const requested = useRef(new Set<string>());
  const visible = usePageVisible();
  const heading = useRef<HTMLHeadingElement>(null);
  const throttle = useMemo(() => typingThrottle((on) => userId && sendTyping(userId, on)), [userId]);
  useEffect(() => () => throttle.stop(), [throttle]);

  useEffect(() => {
    const ctl = new AbortController();
    setReady(false);
    setMessages([]);
    setSelected([]);
    setAlert('');
    setStatus('');
    readConversation({ targetSpecialId: targetKey, signal: ctl.signal }).then(
      (c) => {
        setMessages(c.messages);
        setPagination(c.pagination);
        setUserId(c.conversationId);
        onOpened(c.conversationId);
        setReady(true);
        if (picked.current) heading.current?.focus({ preventScroll: true });
        picked.current = false;
      },
      (err) => {
        if (ctl.signal.aborted) return;
        setAlert(errorMessage(err));
        setReady(true);
      },
    );
    return () => ctl.abort();
    // Reloads only when the URL names another user.
  }, [targetKey]);

  useLiveFrames(me, (frame) => {
    if (frame.type === 'new_message' || frame.type === 'reply_sent') {
      const m = frameMessage(frame.data);
      if (m && userId && m.conversationId === userId)
        setMessages((list) => mergeMessages(list, [m], frame.type === 'reply_sent' ? pendingTwin(list, m) : undefined));
    }
    if (frame.type === 'messages_read_by_user' || frame.type === 'messages_read_status_update') {
      const { ids, readAt } = frameReadIds(frame.data);
      setMessages((list) => markReadLocally(list, ids, readAt));
    }
  });

  useEffect(() => {
    if (!ready || !userId || !visible) return;
    const ids = unreadFromOthers(
      messages.filter((m) => m.kind === 'direct'),
      me._id,
    ).filter((id) => !requested.current.has(id));
    if (!ids.length) return;
    ids.forEach((id) => requested.current.add(id));
    markRead(ids).then(
      ({ readAt }) => {
        setMessages((list) => markReadLocally(list, ids, readAt));
        onRead(userId);
      },
      (err) => {
        ids.forEach((id) => requested.current.delete(id));
        setAlert(errorMessage(err) || THREAD_MESSAGES.markReadFailed);
      },
    );
  }, [messages, ready, userId, me._id, onRead, visible]);

  async function loadOlder() {
    if (!pagination) return;
    setLoadingOlder(true);
    try {
      const c = await readConversation({ targetSpecialId: targetKey, page: pagination.page + 1 });
      setMessages((list) => mergeMessages(list, c.messages));
      setPagination(c.pagination);
    } catch (err) {
      setAlert(errorMessage(err));
    } finally {
      setLoadingOlder(false);
    }
  }

  async function reply(content: string, priority: MessagePriority) {
    const temp = optimisticMessage(me, { content, priority, kind: 'reply', conversationId: userId, recipientId: userId });
    setMessages((list) => mergeMessages(list, [temp]));
    try {
      const saved = await replyTo(userId || targetKey, content, priority);
      setMessages((list) => mergeMessages(list, [saved], temp._id));
      onChanged();
    } catch (err) {
      setMessages((list) => list.filter((m) => m._id !== temp._id));
      throw err;
    }
  }

  async function bulkRead() {
    setAlert('');
    try {
      const { readAt } = await markRead(selected, true);
      setMessages((list) => markReadLocally(list, selected, readAt));
      setStatus(`${selected.length} marked as read`);
      setSelected([]);
      onChanged();
    } catch (err) {
      setAlert(errorMessage(err));
    }
  }

  const fromMessages = messages.find((m) => m.senderId?._id === userId)?.senderId;
  const name = person ? personName(person, person.email) : personName(fromMessages, targetKey);
  const typingNow = !!userId && typing.includes(userId);
  return (
    <section className="msg-conversation" aria-labelledby="msg-thread-title" data-ready={ready ? '' : undefined}>
      <header className="msg-thread-head">
        <button type="button" className="btn btn-secondary btn-sm msg-back" onClick={onBack}>
          <span aria-hidden="true">← </span>Conversations
        </button>
        <div>
          <h3 id="msg-thread-title" ref={heading} tabIndex={-1}>
            {name}
          </h3>
          {person && (
            <p className="muted msg-thread-sub">
              {person.specialId !== person._id ? `${person.specialId} · ` : ''}
              {ROLE_LABELS[person.role]} · {person.email}
            </p>
          )}
        </div>
      </header>
      <FormAlert message={alert} />
      <FormStatus message={status} />
      {messages.length > 0 && (
        <div className="bulk-bar msg-bulk" role="group" aria-label="Selected messages">
          <label className="check">
            <input
              type="checkbox"
              checked={selected.length > 0 && selected.length === messages.filter((m) => !m.pending).length}
              onChange={(e) => setSelected(e.target.checked ? messages.filter((m) => !m.pending).map((m) => m._id) : [])}
            />
            Select all
          </label>
          <span aria-live="polite">{selected.length ? `${selected.length} selected` : ''}</span>
          <button type="button" className="btn btn-secondary btn-sm" disabled={!selected.length} onClick={() => void bulkRead()}>
            Mark read
          </button>
          <button type="button" className="btn btn-danger btn-sm" disabled={!selected.length} onClick={() => setConfirming(true)}>
            Delete
          </button>
        </div>
      )}
      {!ready ? (
        <Loading label="Loading the conversation…" />
      ) : (
        <MessageList
          messages={messages}
          meId={me._id}
          viewer="school"
          hasMore={!!pagination?.hasMore}
          loadingOlder={loadingOlder}
          onLoadOlder={() => void loadOlder()}
          selected={selected}
          onSelect={setSelected}
        />
      )}
      <p className="msg-typing" aria-live="polite">
        {typingNow ? `${name} is typing…` : ''}
      </p>
      {userId && (
        <Composer
          key={userId}
          id="msg-reply"
          label={`Reply to ${name}`}
          failTitle={THREAD_MESSAGES.replyFailedTitle}
          submitLabel="Reply"
          onSend={reply}
          onTyping={(has) => throttle.input(has)}
          onStopTyping={() => throttle.stop()}
        />
      )}
      {confirming && (
        <ConfirmDialog
          title={`Delete ${selected.length} ${selected.length === 1 ? 'message' : 'messages'}?`}
          confirmLabel="Delete"
          busyLabel="Deleting…"
          onClose={() => setConfirming(false)}
          onConfirm={async () => {
            await deleteMessages(selected);
            const gone = new Set(selected);
            setMessages((list) => list.filter((m) => !gone.has(m._id)));
            setStatus(`${gone.size} deleted`);
            setSelected([]);
            setConfirming(false);
            onChanged();
          }}
        >
          <p>They are removed for everyone, including the person who sent or received them.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
