import { useEffect, useMemo, useRef, useState } from 'react';
import type { MessagePriority } from '#core/messages/message-schemas.ts';
import { SCHOOL_TARGET } from '#party/protocol.ts';
import { FormAlert } from '#web/components/form-kit.tsx';
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
  THREAD_MESSAGES,
  typingThrottle,
  unreadFromOthers,
  type ChatMessage,
} from '#web/lib/messages-thread.ts';
import type { AdminScreenProps } from '#web/panel/admin/screen-props.ts';
import { Composer } from './composer.tsx';
import { LiveNote } from './live-note.tsx';
import { MessageList } from './message-list.tsx';
import { markRead, readConversation, sendMessage } from './messages-api.ts';
import { usePageVisible, useLiveFrames, useLiveStatus, useTypingPeople } from './use-live.ts';

/** Student, member and instructor panels: one conversation with the school, and the broadcasts that reached them. */
export default function MyMessagesScreen({ user }: AdminScreenProps) {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [pagination, setPagination] = useState<Pagination | null>(null);
  const [ready, setReady] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [alert, setAlert] = useState('');
  const [markProblem, setMarkProblem] = useState('');
  const requested = useRef(new Set<string>());
  const visible = usePageVisible();
  const live = useLiveStatus();
  const typing = useTypingPeople();
  const throttle = useMemo(() => typingThrottle((on) => sendTyping(SCHOOL_TARGET, on)), []);

  useEffect(() => {
    const ctl = new AbortController();
    readConversation({ signal: ctl.signal }).then(
      (c) => {
        setMessages((list) => mergeMessages(list, c.messages));
        setPagination(c.pagination);
        setReady(true);
      },
      (err) => {
        if (ctl.signal.aborted) return;
        setAlert(errorMessage(err));
        setReady(true);
      },
    );
    return () => {
      ctl.abort();
      throttle.stop();
    };
  }, [throttle]);

  useLiveFrames(user, (frame) => {
    if (frame.type === 'typing') return typing.onTyping(frame.data);
    if (frame.type === 'new_reply' || frame.type === 'new_broadcast' || frame.type === 'message_sent') {
      const m = frameMessage(frame.data);
      if (!m) return;
      if (frame.type === 'new_reply' && m.senderId) typing.clear(m.senderId._id);
      setMessages((list) => mergeMessages(list, [m], frame.type === 'message_sent' ? pendingTwin(list, m) : undefined));
    }
    if (frame.type === 'messages_read_by_user' || frame.type === 'messages_marked_read') {
      const { ids, readAt } = frameReadIds(frame.data);
      setMessages((list) => markReadLocally(list, ids, readAt));
    }
  });

  useEffect(() => {
    if (!ready || !visible) return;
    const ids = unreadFromOthers(messages, user._id).filter((id) => !requested.current.has(id));
    if (!ids.length) return;
    ids.forEach((id) => requested.current.add(id));
    markRead(ids).then(
      ({ readAt }) => {
        setMarkProblem('');
        setMessages((list) => markReadLocally(list, ids, readAt));
      },
      (err) => {
        ids.forEach((id) => requested.current.delete(id));
        setMarkProblem(errorMessage(err) || THREAD_MESSAGES.markReadFailed);
      },
    );
  }, [messages, ready, user._id, visible]);

  async function loadOlder() {
    if (!pagination) return;
    setLoadingOlder(true);
    try {
      const c = await readConversation({ page: pagination.page + 1 });
      setMessages((list) => mergeMessages(list, c.messages));
      setPagination(c.pagination);
    } catch (err) {
      setAlert(errorMessage(err));
    } finally {
      setLoadingOlder(false);
    }
  }

  async function send(content: string, priority: MessagePriority) {
    const temp = optimisticMessage(user, { content, priority, kind: 'direct', conversationId: user._id });
    setMessages((list) => mergeMessages(list, [temp]));
    try {
      const saved = await sendMessage(content, priority);
      setMessages((list) => mergeMessages(list, [saved], temp._id));
    } catch (err) {
      setMessages((list) => list.filter((m) => m._id !== temp._id));
      throw err;
    }
  }

  return (
    <section className="panel-screen msg-screen msg-mine-screen" data-ready={ready ? '' : undefined} aria-labelledby="msg-title">
      <div className="msg-head">
        <h2 id="msg-title">Messages</h2>
        <p className="muted">Your conversation with the school. Announcements for everyone appear here too.</p>
      </div>
      <LiveNote status={live.status} message={live.message} />
      <FormAlert message={alert} />
      {markProblem && (
        <p className="notice msg-mark-problem" role="status">
          {markProblem}
        </p>
      )}
      <div className="msg-panel">
        {!ready ? (
          <Loading label="Loading your conversation…" />
        ) : (
          <MessageList
            messages={messages}
            meId={user._id}
            viewer="user"
            hasMore={!!pagination?.hasMore}
            loadingOlder={loadingOlder}
            onLoadOlder={() => void loadOlder()}
          />
        )}
        <p className="msg-typing" aria-live="polite">
          {typing.typing.length > 0 ? 'The school is typing…' : ''}
        </p>
        <Composer
          id="msg-content"
          label="Message to the school"
          failTitle={THREAD_MESSAGES.sendFailedTitle}
          submitLabel="Send"
          onSend={send}
          onTyping={(has) => throttle.input(has)}
          onStopTyping={() => throttle.stop()}
        />
      </div>
    </section>
  );
}
