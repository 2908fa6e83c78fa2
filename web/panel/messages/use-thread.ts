import { useEffect, useRef, useState } from 'react';
import { errorMessage, type Pagination } from '#web/lib/api.ts';
import { markReadLocally, mergeMessages, THREAD_MESSAGES, unreadFromOthers, type ChatMessage } from '#web/lib/messages-thread.ts';
import { markRead, readConversation, type Conversation } from './messages-api.ts';
import { usePageVisible } from './use-live.ts';

/**
 * One conversation on screen, for the member's screen and the school's: page 1 when `targetSpecialId`
 * changes (the member's own when undefined), older pages on demand, messages sent optimistically, and
 * the unread ones from the other side marked read while the page is visible.
 */
export function useThread(targetSpecialId: string | undefined, onLoaded?: (c: Conversation) => void) {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [pagination, setPagination] = useState<Pagination | null>(null);
  const [ready, setReady] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [alert, setAlert] = useState('');
  const loaded = useRef(onLoaded);
  loaded.current = onLoaded;

  useEffect(() => {
    const ctl = new AbortController();
    setReady(false);
    setMessages([]);
    setAlert('');
    readConversation({ targetSpecialId, signal: ctl.signal }).then(
      (c) => {
        setMessages((list) => mergeMessages(list, c.messages));
        setPagination(c.pagination);
        setReady(true);
        loaded.current?.(c);
      },
      (err) => {
        if (ctl.signal.aborted) return;
        setAlert(errorMessage(err));
        setReady(true);
      },
    );
    return () => ctl.abort();
  }, [targetSpecialId]);

  async function loadOlder() {
    if (!pagination) return;
    setLoadingOlder(true);
    try {
      const c = await readConversation({ targetSpecialId, page: pagination.page + 1 });
      setMessages((list) => mergeMessages(list, c.messages));
      setPagination(c.pagination);
    } catch (err) {
      setAlert(errorMessage(err));
    } finally {
      setLoadingOlder(false);
    }
  }

  /** Shows `temp` at once; the server's copy replaces it, or it goes away and the error reaches the composer. */
  async function sendOptimistic(temp: ChatMessage, post: () => Promise<ChatMessage>) {
    setMessages((list) => mergeMessages(list, [temp]));
    try {
      const saved = await post();
      setMessages((list) => mergeMessages(list, [saved], temp._id));
      return saved;
    } catch (err) {
      setMessages((list) => list.filter((m) => m._id !== temp._id));
      throw err;
    }
  }

  return { messages, setMessages, pagination, ready, loadingOlder, alert, setAlert, loadOlder, sendOptimistic };
}

type MarkOptions = {
  messages: readonly ChatMessage[];
  ready: boolean;
  meId: string;
  /** Which messages this screen marks (the school marks the user's direct messages only). */
  markable?: (m: ChatMessage) => boolean;
  setMessages: (update: (list: ChatMessage[]) => ChatMessage[]) => void;
  onMarked?: () => void;
  onFailed: (message: string) => void;
};

/** Marks read what the other side wrote once it is on a visible page; each id is asked for once unless it failed. */
export function useMarkRead({ messages, ready, meId, markable = () => true, setMessages, onMarked, onFailed }: MarkOptions) {
  const requested = useRef(new Set<string>());
  const visible = usePageVisible();
  const callbacks = useRef({ markable, setMessages, onMarked, onFailed });
  callbacks.current = { markable, setMessages, onMarked, onFailed };
  useEffect(() => {
    if (!ready || !visible) return;
    const cb = callbacks.current;
    const ids = unreadFromOthers(messages.filter(cb.markable), meId).filter((id) => !requested.current.has(id));
    if (!ids.length) return;
    ids.forEach((id) => requested.current.add(id));
    markRead(ids).then(
      ({ readAt }) => {
        callbacks.current.setMessages((list) => markReadLocally(list, ids, readAt));
        callbacks.current.onMarked?.();
      },
      (err) => {
        ids.forEach((id) => requested.current.delete(id));
        callbacks.current.onFailed(errorMessage(err) || THREAD_MESSAGES.markReadFailed);
      },
    );
  }, [messages, ready, meId, visible]);
}
