/** The school's mark: a tied black-belt knot on a red disc (drawn, so it needs no font). Decorative next to the name. */
export function LogoMark() {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="15" fill="#7f1d1d" />
      <rect x="4.5" y="12.5" width="23" height="4.5" rx="1" fill="#fff" />
      <path d="M14.2 16.5 10.6 25.2l2.7.8 3.1-8zM17.8 16.5l3.6 8.7-2.7.8-3.1-8z" fill="#fff" />
      <rect x="13" y="11.2" width="6" height="7" rx="1.4" fill="#fff" stroke="#7f1d1d" strokeWidth="1" />
    </svg>
  );
}

export const SCHOOL_NAME = 'Dojo';
