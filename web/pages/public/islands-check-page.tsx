import { Island } from '#web/components/island.tsx';
import { SiteLayout } from '#web/components/site-layout.tsx';
import Counter from '#web/islands/Counter.tsx';

/** A string that would run a script or end a JS string literal if props were not escaped. */
export const HOSTILE_LABEL = '</script><script>alert(1)</script>\u2028<!-- & "quotes"';

/** Development-only proof of the island mechanism (never mounted in production). */
export function IslandsCheckPage() {
  return (
    <SiteLayout>
      <section className="section">
        <div className="container">
          <h1>Islands check</h1>
          <p className="muted">Two Counter islands: one hydrates at load, one when the browser is idle.</p>
          <div className="btn-row">
            <Island name="Counter" component={Counter} props={{ start: 1, label: 'First' }} hydrate="load" />
            <Island name="Counter" component={Counter} props={{ start: 10, label: HOSTILE_LABEL }} hydrate="idle" />
          </div>
        </div>
      </section>
    </SiteLayout>
  );
}
