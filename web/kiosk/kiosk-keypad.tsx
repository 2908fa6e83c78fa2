const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

type KeypadProps = {
  entry: string;
  onDigit: (digit: string) => void;
  onBack: () => void;
  onSubmit: () => void;
  disabled?: boolean;
};

/** A big PIN keypad; the PIN shows as dots. A keyboard or a handheld scanner types into the same entry. */
export function KioskKeypad({ entry, onDigit, onBack, onSubmit, disabled }: KeypadProps) {
  const isPin = /^\d{0,6}$/.test(entry);
  return (
    <section className="kiosk-keypad" aria-labelledby="kiosk-pin-title">
      <h2 id="kiosk-pin-title">Or type your PIN</h2>
      <output className="kiosk-pin" aria-label={`${entry.length} digits typed`}>
        {isPin ? '•'.repeat(entry.length) || ' ' : 'Reading code…'}
      </output>
      <div className="kiosk-keys">
        {DIGITS.map((d) => (
          <button key={d} type="button" className="kiosk-key" onClick={() => onDigit(d)} disabled={disabled}>
            {d}
          </button>
        ))}
        <button
          type="button"
          className="kiosk-key kiosk-key-small"
          onClick={onBack}
          disabled={disabled || !entry}
          aria-label="Delete last digit"
        >
          ⌫
        </button>
        <button type="button" className="kiosk-key" onClick={() => onDigit('0')} disabled={disabled}>
          0
        </button>
        <button type="button" className="kiosk-key kiosk-key-go" onClick={onSubmit} disabled={disabled || entry.length < 4}>
          Check in
        </button>
      </div>
    </section>
  );
}
