import { appSettingsText } from '#core/social/platform-apps.ts';
import { useEffect, useState } from 'react';
import { formatShortDate, formatDateTime } from '#web/components/format.ts';
import { useSchoolZone } from '#web/components/school-zone.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { ConfirmDialog } from '#web/panel/resource/confirm-dialog.tsx';
import { connectAccount, disconnectAccount, refreshAccount, toggleAccount, type AccountView, type PlatformSetup } from './social-api.ts';

/**
 * The server settings each platform's app needs (the same names worker/lib/social/registry.ts checks;
 * its 400 names them too). Kept in step by hand until they move to core.
 */

type Props = { setup: PlatformSetup; account: AccountView | undefined; onDone: (message: string, ok: boolean) => void };

function TokenLine({ account: a }: { account: AccountView }) {
  const zone = useSchoolZone();
  if (!a.tokenExpiresAt) return <p className="cell-note">The token does not expire.</p>;
  return (
    <p className="cell-note">
      Token valid until {formatShortDate(a.tokenExpiresAt, zone)}{' '}
      {a.tokenState === 'expired' && <span className="badge social-badge-expired">Expired</span>}
      {a.tokenState === 'expiring_soon' && <span className="badge social-badge-expiring">Expiring soon</span>}
    </p>
  );
}

/** One platform: its account (or Connect), mode, active switch, token life, last error, Refresh and Disconnect. */
export function AccountCard({ setup, account: a, onDone }: Props) {
  const zone = useSchoolZone();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  // The switch shows what was asked for at once; the account as reloaded takes over when it arrives.
  const [wantActive, setWantActive] = useState<boolean | null>(null);
  useEffect(() => setWantActive(null), [a?.isActive, a?.updatedAt]);
  const name = setup.label;

  async function run(action: () => Promise<string>): Promise<boolean> {
    setBusy(true);
    try {
      onDone(await action(), true);
      return true;
    } catch (err) {
      onDone(errorMessage(err), false);
      return false;
    } finally {
      setBusy(false);
    }
  }
  async function connect() {
    setBusy(true);
    try {
      // The platform's consent page; it comes back to this screen with ?connected= or ?error=.
      window.location.assign(await connectAccount(setup.platform));
    } catch (err) {
      onDone(errorMessage(err), false);
      setBusy(false);
    }
  }
  return (
    <article
      className="card social-account"
      aria-labelledby={`account-${setup.platform}`}
      data-platform={setup.platform}
      data-connected={a ? 'true' : 'false'}
    >
      <div className="social-account-head">
        <h2 id={`account-${setup.platform}`}>{name}</h2>
        {a?.mode === 'local' && <span className="badge social-badge-local">Local demo</span>}
        {a && <span className={`badge ${a.isActive ? 'badge-active' : 'badge-blocked'}`}>{a.isActive ? 'Active' : 'Inactive'}</span>}
      </div>
      {a ? (
        <>
          <p className="social-account-name">
            <strong>{a.name ?? 'Unnamed account'}</strong>
            {a.username && <span className="cell-note"> @{a.username}</span>}
          </p>
          <TokenLine account={a} />
          {a.lastRefreshedAt && <p className="cell-note">Last refreshed {formatDateTime(a.lastRefreshedAt, zone)}</p>}
          {a.lastError && <p className="social-outcome-error">Last error: {a.lastError}</p>}
          <div className="check-row">
            <input
              type="checkbox"
              id={`active-${setup.platform}`}
              checked={wantActive ?? a.isActive}
              disabled={busy}
              onChange={(e) => {
                const on = e.target.checked;
                setWantActive(on);
                void run(() => toggleAccount(a._id, on)).then((ok) => !ok && setWantActive(null));
              }}
            />
            <label htmlFor={`active-${setup.platform}`}>Post to {name} (active)</label>
          </div>
          <div className="row-actions">
            {a.canRefresh ? (
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                disabled={busy}
                onClick={() => void run(() => refreshAccount(a._id))}
              >
                Refresh token<span className="visually-hidden"> {name}</span>
              </button>
            ) : (
              <span className="cell-note">{name} tokens cannot be refreshed: reconnect before it ends.</span>
            )}
            <button type="button" className="btn btn-secondary btn-sm" disabled={busy || !setup.mode} onClick={() => void connect()}>
              Reconnect<span className="visually-hidden"> {name}</span>
            </button>
            <button type="button" className="btn btn-danger btn-sm" disabled={busy} onClick={() => setAsking(true)}>
              Disconnect<span className="visually-hidden"> {name}</span>
            </button>
          </div>
        </>
      ) : setup.mode ? (
        <>
          <p className="cell-note">Not connected{setup.mode === 'local' ? ' (this server connects to the local demo stand-in)' : ''}.</p>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void connect()}>
            Connect {name}
          </button>
        </>
      ) : (
        <p className="cell-note">Not set up on this server: it needs the settings {appSettingsText(setup.platform)}.</p>
      )}
      {asking && a && (
        <ConfirmDialog
          title={`Disconnect ${name}?`}
          confirmLabel="Disconnect"
          busyLabel="Disconnecting…"
          onConfirm={async () => {
            const message = await disconnectAccount(a._id);
            setAsking(false);
            onDone(message, true);
          }}
          onClose={() => setAsking(false)}
        >
          <p>
            Posts to {name} will fail until it is connected again. Published posts stay on {name}.
          </p>
        </ConfirmDialog>
      )}
    </article>
  );
}
