import { PageHead } from '#web/components/page-head.tsx';
import { SiteLayout } from '#web/components/site-layout.tsx';
import type { SiteInfo } from '#web/components/site-info.ts';

export type LocalConsentView = {
  platform: string;
  label: string;
  state: string;
  redirectUri: string;
  codeChallenge: string | null;
};

/**
 * Decision 013: the local stand-in's consent page, where a real platform would ask the admin to let the
 * school post. Connect and Cancel are a plain form post (no JavaScript); the server answers with the
 * redirect to our callback a platform would send.
 */
export function LocalConsentPage({ site, view }: { site: SiteInfo; view: LocalConsentView }) {
  return (
    <SiteLayout site={site}>
      <PageHead
        eyebrow="Local stand-in"
        title={`Connect ${view.label}`}
        lead={`This is the local stand-in for ${view.label}: nothing leaves this machine, and posts are only recorded here.`}
      />
      <div className="section">
        <div className="container sandbox">
          <p>
            On a configured server, {view.label} itself would ask you here to let {site.schoolName} post for you. Connecting makes a demo
            account whose posts are written to the local log.
          </p>
          <form method="post" className="sandbox-actions">
            <input type="hidden" name="platform" value={view.platform} />
            <input type="hidden" name="state" value={view.state} />
            <input type="hidden" name="redirect_uri" value={view.redirectUri} />
            {view.codeChallenge && <input type="hidden" name="code_challenge" value={view.codeChallenge} />}
            <button type="submit" name="decision" value="connect" className="btn btn-primary">
              Connect
            </button>
            <button type="submit" name="decision" value="cancel" className="btn btn-secondary">
              Cancel
            </button>
          </form>
          <p className="form-note">Either choice takes you back to Social media → Accounts.</p>
        </div>
      </div>
    </SiteLayout>
  );
}

/** A link we did not make (400): the page says why and offers nothing to click through. */
export function LocalConsentRefused({ site, message }: { site: SiteInfo; message: string }) {
  return (
    <SiteLayout site={site}>
      <PageHead eyebrow="Local stand-in" title="Connect an account" />
      <div className="section">
        <div className="container sandbox">
          <p role="alert" className="form-error">
            {message}
          </p>
        </div>
      </div>
    </SiteLayout>
  );
}
