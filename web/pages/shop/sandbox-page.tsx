import { formatMoney } from '#core/money.ts';
import { PageHead } from '#web/components/page-head.tsx';
import { SiteLayout } from '#web/components/site-layout.tsx';
import type { SiteInfo } from '#web/components/site-info.ts';

export type SandboxView = { sessionId: string; amountCents: number; currency: string; open: boolean; returnPath: string };

/**
 * ARCHITECTURE "Local payments": the sandbox gateway's checkout page. Approve and Decline are a plain
 * form post (no JavaScript): the server answers with a redirect carrying the signed proof.
 */
export function SandboxPage({ site, view }: { site: SiteInfo; view: SandboxView }) {
  return (
    <SiteLayout site={site}>
      <PageHead
        eyebrow="Test payment"
        title="Sandbox checkout"
        lead="This local gateway takes no money: choose what the bank would answer."
      />
      <div className="section">
        <div className="container sandbox">
          <p className="sandbox-amount">
            Amount: <strong>{formatMoney(view.amountCents)}</strong> {view.currency}
          </p>
          {view.open ? (
            <form method="post" className="sandbox-actions">
              <input type="hidden" name="return" value={view.returnPath} />
              <button type="submit" name="outcome" value="approve" className="btn btn-primary">
                Approve payment
              </button>
              <button type="submit" name="outcome" value="decline" className="btn btn-secondary">
                Decline payment
              </button>
            </form>
          ) : (
            <p role="alert" className="form-error">
              This test payment is no longer open.
            </p>
          )}
          <p className="form-note">Session {view.sessionId}</p>
        </div>
      </div>
    </SiteLayout>
  );
}
