import { useEffect, useState } from 'react';

/** A minimal island used by the island-mechanism tests. */
export default function Counter({ start, label }: { start: number; label: string }) {
  const [n, setN] = useState(start);
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return (
    <button type="button" data-ready={ready ? '' : undefined} onClick={() => setN(n + 1)}>
      {label}: {n}
    </button>
  );
}
