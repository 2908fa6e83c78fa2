import { useRef, useState, type FormEvent } from 'react';

/**
 * A toolbar's search term checked before it is sent: `read` gives the form's trimmed term, or null
 * after showing the problem on the field and focusing it. `problemOf` answers '' for a good term.
 */
export function useSearchTerm(problemOf: (term: string) => string) {
  const [error, setError] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  function read(e: FormEvent<HTMLFormElement>): string | null {
    e.preventDefault();
    const term = String(new FormData(e.currentTarget).get('search') ?? '').trim();
    const problem = term ? problemOf(term) : '';
    setError(problem);
    if (!problem) return term;
    inputRef.current?.focus();
    return null;
  }
  return { error, inputRef, read };
}
