import { useEffect, useState } from 'react';
import { isSocialPlatform, PLATFORM_LABELS } from '#core/social/platforms.ts';
import { FormAlert, FormStatus } from '#web/components/form-kit.tsx';
import { Loading } from '#web/components/loading.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { AccountCard } from './account-card.tsx';
import { readAccounts, readAccountStats, type Accounts, type AccountStats } from './social-api.ts';

/** What the OAuth callback said in the query (`?connected=<platform>` or `?error=<message>`); read while rendering, so it has no side effect. */
function callbackNotice(): { notice: string; alert: string } {
  const q = new URLSearchParams(window.location.search);
  const connected = q.get('connected');
  const error = q.get('error');
  const name = connected && isSocialPlatform(connected) ? PLATFORM_LABELS[connected] : null;
  return {
    notice: name ? `${name} is connected` : '',
    alert: error ? `The account was not connected: ${error.slice(0, 300)}` : connected && !name ? 'An unknown platform answered.' : '',
  };
}

/** Once shown, the callback's words leave the address, so a reload or a shared link does not repeat them. */
function cleanCallbackQuery() {
  const url = new URL(window.location.href);
  if (!url.searchParams.has('connected') && !url.searchParams.has('error')) return;
  url.searchParams.delete('connected');
  url.searchParams.delete('error');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/** `/admin/social/accounts`: one card per platform, its account, token life and what can be done with it. */
export function AccountsScreen({ base: _base }: { base: string }) {
  const [first] = useState(callbackNotice);
  const [data, setData] = useState<Accounts | null>(null);
  const [stats, setStats] = useState<AccountStats | null>(null);
  const [failed, setFailed] = useState('');
  const [reload, setReload] = useState(0);
  const [loading, setLoading] = useState(true);
  const [notice, setNotice] = useState(first.notice);
  const [alert, setAlert] = useState(first.alert);

  useEffect(cleanCallbackQuery, []);
  useEffect(() => {
    const ctl = new AbortController();
    setLoading(true);
    Promise.all([readAccounts(ctl.signal), readAccountStats(ctl.signal)]).then(
      ([a, s]) => {
        setData(a);
        setStats(s);
        setFailed('');
        setLoading(false);
      },
      (err) => {
        if (ctl.signal.aborted) return;
        setFailed(errorMessage(err));
        setLoading(false);
      },
    );
    return () => ctl.abort();
  }, [reload]);

  const done = (message: string, ok: boolean) => {
    setNotice(ok ? message : '');
    setAlert(ok ? '' : message);
    setReload((n) => n + 1);
  };
  if (!data && !failed) return <Loading label="Loading..." />;
  return (
    <div className="panel-screen social-accounts" data-ready="" data-loading={loading ? '' : undefined}>
      <div className="screen-head">
        <h1>Connected accounts</h1>
      </div>
      <FormStatus message={notice} />
      <FormAlert message={alert || failed} />
      {stats && (
        <dl className="social-totals">
          {(
            [
              ['Connected', stats.total],
              ['Active', stats.active],
              ['Inactive', stats.inactive],
              ['Expiring soon', stats.expiringSoon],
              ['Expired', stats.expired],
            ] as const
          ).map(([label, n]) => (
            <div key={label} className="social-total">
              <dt>{label}</dt>
              <dd>{n}</dd>
            </div>
          ))}
        </dl>
      )}
      {data && (
        <ul className="social-account-cards">
          {data.platforms.map((p) => (
            <li key={p.platform}>
              <AccountCard setup={p} account={data.accounts.find((a) => a.platform === p.platform)} onDone={done} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
