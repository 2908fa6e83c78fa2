import { profileName } from '#core/users/person-name.ts';
import { useEffect, useRef, useState } from 'react';
import type { MessagePriority } from '#core/messages/message-schemas.ts';
import { FormAlert, FormStatus } from '#web/components/form-kit.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { markReadLocally, mergeMessages, optimisticMessage, pendingTwin, THREAD_MESSAGES } from '#web/lib/messages-thread.ts';
import { ROLE_LABELS, type SessionUser } from '#web/lib/session.ts';
import { ConfirmDialog } from '#web/panel/resource/confirm-dialog.tsx';
import { Composer } from './composer.tsx';
import { ThreadMessages } from './message-list.tsx';
import { deleteMessages, markRead, REPLY_PATH, replyTo, type InboxUser } from './messages-api.ts';
import { useLiveFrames, useTypingSender } from './use-live.ts';
import { useOutbox } from './use-outbox.ts';
import { useMarkRead, useThread } from './use-thread.ts';

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
  const [userId, setUserId] = useState('');
  const [status, setStatus] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const thread = useThread(targetKey, (c) => {
    setUserId(c.conversationId);
    onOpened(c.conversationId);
    if (picked.current) heading.current?.focus({ preventScroll: true });
    picked.current = false;
  });
  const { messages, setMessages, ready, alert, setAlert, sendOptimistic } = thread;
  const typingSender = useTypingSender(userId);
  useEffect(() => {
    setSelected([]);
    setStatus('');
  }, [targetKey]);

  useLiveFrames(me, (frame) => {
    if (frame.type === 'new_message' || frame.type === 'reply_sent') {
      const m = frame.data.message;
      if (userId && m.conversationId === userId)
        setMessages((list) => mergeMessages(list, [m], frame.type === 'reply_sent' ? pendingTwin(list, m) : undefined));
    }
    if (frame.type === 'messages_read_by_user' || frame.type === 'messages_read_status_update') {
      const { messageIds, readAt } = frame.data;
      setMessages((list) => markReadLocally(list, messageIds, readAt));
    }
  });

  // The school reads the user's own messages; its replies and broadcasts are not the school's to mark.
  useMarkRead({
    messages,
    ready: ready && !!userId,
    meId: me._id,
    markable: (m) => m.kind === 'direct',
    setMessages,
    onMarked: () => onRead(userId),
    onFailed: setAlert,
  });

  // A reply written offline waits in this conversation's own outbox and goes when the browser is back online.
  const outbox = useOutbox(`${me._id}:${targetKey}`, setMessages);
  async function reply(content: string, priority: MessagePriority) {
    const to = userId || targetKey;
    const temp = optimisticMessage(me, { content, priority, kind: 'reply', conversationId: userId, recipientId: userId });
    const result = await outbox.sendOrQueue(temp, REPLY_PATH, { content, targetSpecialId: to, priority }, () =>
      sendOptimistic(temp, () => replyTo(to, content, priority)),
    );
    onChanged();
    return result;
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
  const name = person ? profileName(person.profile, person.email) : profileName(fromMessages?.profile, targetKey);
  const typingNow = !!userId && typing.includes(userId);
  return (
    <section className="msg-conversation" aria-labelledby="msg-thread-title" data-ready={ready ? '' : undefined}>
      <header className="msg-thread-head">
        <button type="button" className="btn btn-secondary btn-sm msg-back" onClick={onBack}>
          <span aria-hidden="true">← </span>Conversations
        </button>
        <div>
          <h2 id="msg-thread-title" ref={heading} tabIndex={-1}>
            {name}
          </h2>
          {person && (
            <p className="muted msg-thread-sub">
              {person.specialId !== person._id ? `${person.specialId} · ` : ''}
              {ROLE_LABELS[person.role]} · {person.email}
            </p>
          )}
        </div>
      </header>
      <FormAlert message={alert} />
      {outbox.note && (
        <p className="notice msg-outbox-note" role="status">
          {outbox.note}
        </p>
      )}
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
      <ThreadMessages
        thread={thread}
        meId={me._id}
        viewer="school"
        loadingLabel="Loading the conversation…"
        typingText={typingNow ? `${name} is typing…` : ''}
        selected={selected}
        onSelect={setSelected}
      />
      {userId && (
        <Composer
          key={userId}
          id="msg-reply"
          label={`Reply to ${name}`}
          failTitle={THREAD_MESSAGES.replyFailedTitle}
          submitLabel="Reply"
          onSend={reply}
          {...typingSender}
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
