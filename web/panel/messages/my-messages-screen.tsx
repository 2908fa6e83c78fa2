import { useState } from 'react';
import type { MessagePriority } from '#core/messages/message-schemas.ts';
import { SCHOOL_TARGET } from '#core/realtime/frames.ts';
import { FormAlert } from '#web/components/form-kit.tsx';
import { markReadLocally, mergeMessages, optimisticMessage, pendingTwin, THREAD_MESSAGES } from '#web/lib/messages-thread.ts';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { Composer } from './composer.tsx';
import { LiveNote } from './live-note.tsx';
import { ThreadMessages } from './message-list.tsx';
import { sendMessage } from './messages-api.ts';
import { useLiveFrames, useLiveStatus, useTypingPeople, useTypingSender } from './use-live.ts';
import { useOutbox } from './use-outbox.ts';
import { useMarkRead, useThread } from './use-thread.ts';

/** Student, member and instructor panels: one conversation with the school, and the broadcasts that reached them. */
export default function MyMessagesScreen({ user }: PanelScreenProps) {
  const thread = useThread(undefined);
  const { messages, setMessages, ready, alert, sendOptimistic } = thread;
  const [markProblem, setMarkProblem] = useState('');
  const live = useLiveStatus();
  const typing = useTypingPeople();
  const typingSender = useTypingSender(SCHOOL_TARGET);

  useLiveFrames(user, (frame) => {
    if (frame.type === 'typing') return typing.onTyping(frame.data);
    if (frame.type === 'new_reply' || frame.type === 'new_broadcast' || frame.type === 'message_sent') {
      const m = frame.data.message;
      if (frame.type === 'new_reply' && m.senderId) typing.clear(m.senderId._id);
      setMessages((list) => mergeMessages(list, [m], frame.type === 'message_sent' ? pendingTwin(list, m) : undefined));
    }
    // On every (re)connect: what arrived while the socket was away joins the thread.
    if (frame.type === 'conversation_history') setMessages((list) => mergeMessages(list, frame.data.messages));
    if (frame.type === 'messages_read_by_user' || frame.type === 'messages_marked_read') {
      const { messageIds, readAt } = frame.data;
      setMessages((list) => markReadLocally(list, messageIds, readAt));
    }
  });

  useMarkRead({
    messages,
    ready,
    meId: user._id,
    setMessages,
    onMarked: () => setMarkProblem(''),
    // Offline, marking read waits for the next visit rather than showing 'Request failed'.
    onFailed: (problem) => navigator.onLine && setMarkProblem(problem),
  });

  const outbox = useOutbox(user._id, setMessages);
  const send = (content: string, priority: MessagePriority) => {
    const temp = optimisticMessage(user, { content, priority, kind: 'direct', conversationId: user._id });
    return outbox.sendOrQueue(temp, '/messages/send', { content, priority }, () =>
      sendOptimistic(temp, () => sendMessage(content, priority)),
    );
  };

  return (
    <section className="panel-screen msg-screen msg-mine-screen" data-ready={ready ? '' : undefined} aria-labelledby="msg-title">
      <div className="msg-head">
        <h1 id="msg-title">Messages</h1>
        <p className="muted">Your conversation with the school. Announcements for everyone appear here too.</p>
      </div>
      <LiveNote status={live.status} message={live.message} />
      <FormAlert message={alert} />
      {outbox.note && (
        <p className="notice msg-outbox-note" role="status">
          {outbox.note}
        </p>
      )}
      {markProblem && (
        <p className="notice msg-mark-problem" role="status">
          {markProblem}
        </p>
      )}
      <div className="msg-panel">
        <ThreadMessages
          thread={thread}
          meId={user._id}
          viewer="user"
          loadingLabel="Loading your conversation…"
          typingText={typing.typing.length > 0 ? 'The school is typing…' : ''}
        />
        <Composer
          id="msg-content"
          label="Message to the school"
          failTitle={THREAD_MESSAGES.sendFailedTitle}
          submitLabel="Send"
          onSend={send}
          {...typingSender}
        />
      </div>
    </section>
  );
}
