import { useEffect, useRef, useState } from 'react';
import { Loading } from '#web/components/loading.tsx';
import { SchoolZoneProvider } from '#web/components/school-zone.tsx';
import type { SiteBrand } from '#web/components/site-info.ts';
import { logout, logoutRefusal, onUserChanged, restoreSession, type SessionUser } from '#web/lib/session.ts';
import {
  attendanceOutbox,
  attendanceOwner,
  mayTakeAttendance,
  pendingLogoutMessage,
  startAttendanceSync,
} from '#web/lib/attendance-outbox.ts';
import { keepTokenFresh } from '#web/lib/token-renewal.ts';
import { closeLiveEvents } from '#web/lib/live-events.ts';
import { PanelHome, PanelNotFound } from '#web/panel/panel-home.tsx';
import { PanelShell } from '#web/panel/panel-shell.tsx';
import { AuthFailed, loginHref, NotAllowed } from '#web/panel/panel-states.tsx';
import { ScreenHost } from '#web/panel/screen-host.tsx';
import { screenFor } from '#web/panel/screens.ts';
import { mayOpen, PANELS, type PanelKey } from '#web/pages/panel/panels.ts';
import { subPath } from '#web/panel/router.tsx';
import { UsersScreen } from '#web/panel/users-screen.tsx';

type State = { phase: 'loading' } | { phase: 'failed' } | { phase: 'forbidden' | 'ready'; user: SessionUser };

/** A role panel: restores the session (spec 4), checks the role, then routes under the panel's prefix. */
export default function PanelApp({ panel: key, brand }: { panel: PanelKey; brand: SiteBrand }) {
  const panel = PANELS[key];
  const [state, setState] = useState<State>({ phase: 'loading' });
  const [pathname, setPathname] = useState('');
  const [ready, setReady] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const [logoutRefused, setLogoutRefused] = useState('');
  const navigated = useRef(false);

  useEffect(() => {
    setReady(true);
    setPathname(window.location.pathname);
    const here = window.location.pathname + window.location.search;
    const onPop = () => {
      navigated.current = true;
      setPathname(window.location.pathname);
    };
    window.addEventListener('popstate', onPop);
    // The profile screen saved a new name or picture: the header shows it at once.
    const stopUser = onUserChanged((user) => setState((s) => (s.phase === 'ready' && s.user._id === user._id ? { ...s, user } : s)));
    const ctl = new AbortController();
    const stopRenewal = keepTokenFresh();
    restoreSession(ctl.signal).then(
      (r) => {
        if (r.state === 'anonymous') window.location.replace(loginHref(here));
        else if (r.state === 'failed') setState({ phase: 'failed' });
        else setState({ phase: mayOpen(panel, r.user.role) ? 'ready' : 'forbidden', user: r.user });
      },
      () => {},
    );
    return () => {
      ctl.abort();
      stopRenewal();
      stopUser();
      window.removeEventListener('popstate', onPop);
    };
  }, [panel]);

  // Check-ins taken on an earlier visit are sent whichever screen opens first.
  const recorder = state.phase === 'ready' && mayTakeAttendance(state.user.role) ? attendanceOwner(state.user) : null;
  useEffect(() => (recorder ? startAttendanceSync(attendanceOutbox(recorder)) : undefined), [recorder]);
  // A refused Log out follows the count: it goes once the check-ins are sent.
  const refused = logoutRefused !== '';
  useEffect(
    () =>
      recorder && refused
        ? attendanceOutbox(recorder).subscribe((count) => setLogoutRefused(count ? pendingLogoutMessage(count) : ''))
        : undefined,
    [recorder, refused],
  );

  const route = subPath(pathname, panel.base);
  const usersRoute = panel.users && (route === 'users' || route.startsWith('users/'));
  const entry = state.phase === 'ready' ? screenFor(panel.key, state.user.role, route) : null;
  useEffect(() => {
    if (state.phase === 'ready')
      document.title = `${usersRoute ? 'Users · ' : entry ? `${entry.label} · ` : ''}${panel.title} | ${brand.schoolName}`;
  }, [route, usersRoute, state.phase, panel, entry, brand.schoolName]);
  useEffect(() => {
    if (!navigated.current) return;
    document.getElementById('main')?.focus();
    window.scrollTo(0, 0);
  }, [route]);

  if (state.phase === 'loading') {
    return (
      <main id="main" className="panel-message" data-ready={ready ? '' : undefined} data-state="loading">
        <Loading label="Loading..." />
      </main>
    );
  }
  if (state.phase === 'failed') return <AuthFailed returnTo={pathname} />;
  if (state.phase === 'forbidden') return <NotAllowed panel={panel} user={state.user} />;

  async function onLogout(user: SessionUser) {
    const refusal = await logoutRefusal(user);
    setLogoutRefused(refusal ?? '');
    if (refusal) return;
    setLoggingOut(true);
    closeLiveEvents();
    await logout();
    window.location.assign('/auth/login');
  }

  const screen =
    route === '' ? (
      <PanelHome panel={panel} user={state.user} />
    ) : usersRoute ? (
      <UsersScreen user={state.user} panel={panel} path={route.split('/').slice(1)} />
    ) : entry ? (
      <ScreenHost entry={entry} route={route} panel={panel} user={state.user} />
    ) : (
      <PanelNotFound panel={panel} />
    );
  return (
    <SchoolZoneProvider value={brand.timeZone}>
      <PanelShell
        panel={panel}
        brand={brand}
        user={state.user}
        route={route}
        loggingOut={loggingOut}
        logoutRefused={logoutRefused}
        onLogout={() => void onLogout(state.user)}
      >
        {screen}
      </PanelShell>
    </SchoolZoneProvider>
  );
}
