import { PageHead } from '#web/components/page-head.tsx';
import { SiteLayout } from '#web/components/site-layout.tsx';
import type { SiteInfo } from '#web/components/site-info.ts';

export type SandboxSetupView = { setupId: string; open: boolean; returnPath: string; cancelPath: string };

/**
 * The sandbox vault's page (local and tests only): saves a fake card with a plain form post, no JavaScript;
 * the server answers with a redirect carrying the signed proof.
 */
export function SandboxSetupPage({ site, view }: { site: SiteInfo; view: SandboxSetupView }) {
  return (
    <SiteLayout site={site}>
      <PageHead
        eyebrow="Test payment method"
        title="Save a test card"
        lead="This local gateway stores no card: choose which test card to save."
      />
      <div className="section">
        <div className="container sandbox">
          {view.open ? (
            <form method="post" className="sandbox-actions" aria-label="Save a test card">
              <input type="hidden" name="return" value={view.returnPath} />
              <button type="submit" name="card" value="ok" className="btn btn-primary">
                Save card ending 4242
              </button>
              <button type="submit" name="card" value="decline" className="btn btn-secondary">
                Save a card that declines (ending 0002)
              </button>
              <a href={view.cancelPath} className="btn btn-secondary">
                Cancel
              </a>
            </form>
          ) : (
            <p role="alert" className="form-error">
              This test card setup is no longer open.
            </p>
          )}
          <p className="form-note">Setup {view.setupId}</p>
        </div>
      </div>
    </SiteLayout>
  );
}
