import { useCallback, useEffect, useRef, useState } from 'react';

const MAX_LENGTH = 256;
/** A half-typed PIN left by someone who walked away is cleared. */
const IDLE_CLEAR_MS = 15_000;
/** A scanner types its Enter right after the code; a person pressing Enter on a focused button is slower. */
const SCANNER_GAP_MS = 100;

/**
 * What is being typed: on the on-screen keypad, on a keyboard, or by a handheld scanner that types the
 * code it read followed by Enter (a "keyboard wedge"). Keys typed into a form control are left alone;
 * Enter activates a focused button (a keyboard user on the keypad) unless it follows a typed key at once.
 */
export function useCodeEntry(onSubmit: (text: string) => void) {
  const [entry, setEntry] = useState('');
  const entryRef = useRef('');
  const submitRef = useRef(onSubmit);
  submitRef.current = onSubmit;
  const idle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastKeyAt = useRef(0);

  const set = useCallback((next: string) => {
    entryRef.current = next.slice(0, MAX_LENGTH);
    setEntry(entryRef.current);
    clearTimeout(idle.current);
    if (next) idle.current = setTimeout(() => set(''), IDLE_CLEAR_MS);
  }, []);

  const submit = useCallback(() => {
    const text = entryRef.current;
    set('');
    if (text) submitRef.current(text);
  }, [set]);
  const press = useCallback((key: string) => set(entryRef.current + key), [set]);
  const back = useCallback(() => set(entryRef.current.slice(0, -1)), [set]);
  const clear = useCallback(() => set(''), [set]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return;
      if ((e.target as Element | null)?.closest?.('input, textarea, select, [contenteditable="true"]')) return;
      const onButton = !!(e.target as Element | null)?.closest?.('button');
      if (e.key === 'Enter') {
        if (!entryRef.current || (onButton && e.timeStamp - lastKeyAt.current > SCANNER_GAP_MS)) return;
        e.preventDefault();
        submit();
      } else if (e.key === 'Backspace') {
        e.preventDefault();
        back();
      } else if (e.key === 'Escape') clear();
      else if (e.key.length === 1 && e.key !== ' ') {
        e.preventDefault();
        lastKeyAt.current = e.timeStamp;
        press(e.key);
      }
    };
    addEventListener('keydown', onKey, true);
    return () => {
      removeEventListener('keydown', onKey, true);
      clearTimeout(idle.current);
    };
  }, [submit, back, clear, press]);

  return { entry, press, back, clear, submit };
}
