import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage, type ApiBody } from '#web/lib/api.ts';
import { mergeMessages, sentMessage, THREAD_MESSAGES, type ChatMessage } from '#web/lib/messages-thread.ts';
import { isNetworkFailure, outbox, type OutboxItem } from '#web/lib/offline-outbox.ts';

type Setter = (update: (list: ChatMessage[]) => ChatMessage[]) => void;

/**
 * The screen's side of the outbox: what waits is shown in the thread (marked queued), and sent when the
 * browser comes back online (or when the screen opens online); each sent one replaces its queued copy.
 */
export function useOutbox(key: string, setMessages: Setter) {
  const [note, setNote] = useState('');
  const box = useRef(outbox(key));
  const latest = useRef(setMessages);
  latest.current = setMessages;

  const flush = useCallback(() => {
    void box.current.flush({
      onSent: (item: OutboxItem, body: ApiBody) => {
        let saved: ChatMessage | null = null;
        try {
          saved = sentMessage(body);
        } catch {
          /* sent; the socket's echo or the next load shows it */
        }
        latest.current((list) => (saved ? mergeMessages(list, [saved], item.message._id) : list.filter((m) => m._id !== item.message._id)));
        setNote(THREAD_MESSAGES.queuedSent);
      },
      onRefused: (item, err) => {
        latest.current((list) => list.filter((m) => m._id !== item.message._id));
        setNote(`${THREAD_MESSAGES.sendFailed}: ${errorMessage(err)} (“${item.message.content.slice(0, 60)}”)`);
      },
    });
  }, []);

  useEffect(() => {
    box.current = outbox(key);
    void box.current.list().then((items) => {
      if (items.length)
        latest.current((list) =>
          mergeMessages(
            list,
            items.map((i) => i.message),
          ),
        );
      if (items.length && navigator.onLine) flush();
    });
    addEventListener('online', flush);
    return () => removeEventListener('online', flush);
  }, [key, flush]);

  /** Sends now, or keeps the message for later when there is no network; 'queued' tells the composer which. */
  async function sendOrQueue(temp: ChatMessage, path: string, body: Record<string, unknown>, sendNow: () => Promise<unknown>) {
    const queue = async () => {
      const message = { ...temp, pending: true, queued: true };
      await box.current.add({ id: temp._id, path, body, message });
      latest.current((list) => mergeMessages(list, [message]));
      return 'queued' as const;
    };
    if (navigator.onLine === false) return queue();
    try {
      await sendNow();
      return undefined;
    } catch (err) {
      if (isNetworkFailure(err)) return queue();
      throw err;
    }
  }

  return { sendOrQueue, note };
}
