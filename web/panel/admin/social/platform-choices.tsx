import { PLATFORM_LABELS, SOCIAL_PLATFORMS, type SocialPlatform } from '#core/social/platforms.ts';
import { PLATFORM_LIMITS, textLength } from '#core/social/platform-limits.ts';
import { PanelLink } from '#web/panel/router.tsx';
import type { AccountView } from './social-api.ts';

type Props = {
  chosen: SocialPlatform[];
  accounts: Map<SocialPlatform, AccountView>;
  accountsHref: string;
  content: string;
  error?: string;
  onChange: (chosen: SocialPlatform[]) => void;
};

/** Why a platform would fail as things stand (no account, or one turned off); null when it is ready. */
function accountWarning(account: AccountView | undefined): string | null {
  if (!account) return 'not connected — it will fail until you connect it';
  if (!account.isActive) return 'turned off — it will fail until you turn it on';
  if (account.tokenState === 'expired') return 'its token has expired — reconnect it';
  return null;
}

/** The six platforms as checkboxes, each chosen one with its character count against the platform's limit. */
export function PlatformChoices({ chosen, accounts, accountsHref, content, error, onChange }: Props) {
  const toggle = (p: SocialPlatform, on: boolean) => onChange(SOCIAL_PLATFORMS.filter((x) => (x === p ? on : chosen.includes(x))));
  return (
    <>
      <fieldset
        className={`social-platforms${error ? ' field-invalid' : ''}`}
        aria-describedby={error ? 'compose-platforms-error' : undefined}
      >
        <legend>Post to</legend>
        {SOCIAL_PLATFORMS.map((p) => {
          const warning = accountWarning(accounts.get(p));
          return (
            <div key={p} className="social-platform-choice" data-platform={p}>
              <input
                type="checkbox"
                id={`compose-${p}`}
                name="platforms"
                value={p}
                checked={chosen.includes(p)}
                onChange={(e) => toggle(p, e.target.checked)}
                aria-describedby={warning ? `compose-${p}-warning` : undefined}
              />
              <label htmlFor={`compose-${p}`}>{PLATFORM_LABELS[p]}</label>
              {warning && (
                <span id={`compose-${p}-warning`} className="social-platform-warning">
                  {warning} (<PanelLink href={accountsHref}>Accounts</PanelLink>)
                </span>
              )}
            </div>
          );
        })}
        {error && (
          <p id="compose-platforms-error" className="field-error">
            {error}
          </p>
        )}
      </fieldset>
      <ul className="social-counters" aria-live="polite" aria-label="Characters per platform">
        {chosen.map((p) => {
          const n = textLength(p, content);
          const max = PLATFORM_LIMITS[p].maxText;
          return (
            <li key={p} className={n > max ? 'social-counter social-counter-over' : 'social-counter'} data-platform={p}>
              {PLATFORM_LABELS[p]} {n} / {max}
            </li>
          );
        })}
      </ul>
    </>
  );
}
