import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage, type Pagination } from '#web/lib/api.ts';

/** One page of a list as a screen shows it: its rows and, when the server pages them, where they stand. */
export type ListPage<T extends { _id: string } = { _id: string }> = { items: T[]; pagination?: Pagination };

/** Reads one page for a query; the signal is aborted when a newer query (or leaving the screen) makes it stale. */
export type ListRead<Q, P> = (query: Q, signal: AbortSignal) => Promise<P>;

type Options<Q, P> = {
  query: Q;
  setQuery: (q: Q) => void;
  /** Must keep its identity between renders (a module function, or useCallback): a new one reads again. */
  read: ListRead<Q, P>;
  /** What the list holds when its first read fails. */
  empty: P;
  /** The notice the list opens with, e.g. what an item just deleted said. */
  flash?: string;
  /** Runs after each good read, with that read's signal (e.g. a summary read after the rows). */
  onRead?: (page: P, signal: AbortSignal) => void;
};

/**
 * The state of a list screen: the page read for the query (stale reads cancelled), loading, the read's
 * error, the chosen rows, the screen's notice and action alert, and the moves every list makes.
 */
export function useList<Q extends { page: number }, P extends ListPage>({
  query,
  setQuery,
  read,
  empty,
  flash = '',
  onRead,
}: Options<Q, P>) {
  const [page, setPage] = useState<P | null>(null);
  const [loading, setLoading] = useState(true);
  const [reload, setReload] = useState(0);
  // A failed read clears itself on the next good one; an action's alert stays until the next action.
  const [error, setError] = useState('');
  const [alert, setAlert] = useState('');
  const [notice, setNotice] = useState(flash);
  const [selected, setSelected] = useState<string[]>([]);
  const latest = useRef({ empty, onRead });
  useEffect(() => {
    latest.current = { empty, onRead };
  });

  useEffect(() => {
    const ctl = new AbortController();
    setLoading(true);
    read(query, ctl.signal)
      .then((p) => {
        if (ctl.signal.aborted) return;
        setPage(p);
        setError('');
        setSelected((ids) => ids.filter((id) => p.items.some((i) => i._id === id)));
        setLoading(false);
        latest.current.onRead?.(p, ctl.signal);
      })
      .catch((err: unknown) => {
        if (ctl.signal.aborted) return;
        setError(errorMessage(err));
        setPage((p) => p ?? latest.current.empty);
        setLoading(false);
      });
    return () => ctl.abort();
  }, [read, query, reload]);

  const refresh = useCallback(() => setReload((n) => n + 1), []);
  const items: P['items'] = page?.items ?? [];

  return {
    page,
    items,
    /** False until the first read has answered (well or not). */
    ready: page !== null,
    loading,
    error,
    alert,
    notice,
    selected,
    setSelected,
    setNotice,
    setAlert,
    refresh,
    goTo: (n: number) => setQuery({ ...query, page: n }),
    /** A new filter or search: back to the first page. */
    narrow: (patch: Partial<Q>) => setQuery({ ...query, ...patch, page: 1 }),
    /** A filter select's name, value and change (which narrows the list), bound to one field of the query. */
    filter: <K extends keyof Q & string>(name: K) => ({
      name,
      value: String(query[name] ?? ''),
      onChange: (e: { target: { value: string } }) => setQuery({ ...query, [name]: e.target.value, page: 1 }),
    }),
    /** An action went through: its message replaces any alert, and the list reads again. */
    done(message: string) {
      setAlert('');
      setNotice(message);
      refresh();
    },
    /** Rows were deleted: as `done`, but back a page when this one would be left empty. */
    removed(count: number, message: string) {
      setAlert('');
      setNotice(message);
      const p = page?.pagination;
      if (p && p.page > 1 && items.length <= count) setQuery({ ...query, page: p.page - 1 });
      else refresh();
    },
    /** An action failed or was refused: its message is the alert. */
    failed(message: string) {
      setNotice('');
      setAlert(message);
    },
  };
}
