import { formatLongDate } from '#web/components/format.ts';
import { SiteLayout } from '#web/components/site-layout.tsx';
import type { SiteInfo } from '#web/components/site-info.ts';

/** What the public may see of a certificate: never an e-mail or a birth date. */
export type CertificateVerifyView = {
  number: string;
  status: 'valid' | 'revoked' | 'superseded';
  holderName: string;
  rankName: string;
  programName: string;
  issuedOn: string;
  issuerName: string;
  examiners: { name: string; role: 'head' | 'panel'; rank: string | null }[];
  pdfSha256: string;
  revokedAt: string | null;
  host: string;
};

const STATUS = {
  valid: { title: 'Valid certificate', text: 'This certificate was issued by the school and has not been revoked.' },
  revoked: { title: 'Revoked', text: 'The school has revoked this certificate. It no longer certifies this rank.' },
  superseded: { title: 'Superseded', text: 'This certificate has been replaced by a newer one for the same award.' },
} as const;

const day = (ymd: string) => formatLongDate(`${ymd}T12:00:00Z`, 'UTC');

/** GET /verify/:id: server-rendered, no JavaScript; what a printed certificate's QR code opens. */
export function CertificateVerifyPage({ site, cert }: { site: SiteInfo; cert: CertificateVerifyView }) {
  const status = STATUS[cert.status];
  return (
    <SiteLayout site={site}>
      <section className="section verify" aria-labelledby="verify-title">
        <div className="container verify-body">
          <p className="eyebrow">Certificate check</p>
          <h1 id="verify-title">
            Certificate <span className="verify-number">{cert.number}</span>
          </h1>
          <div className={`verify-status verify-${cert.status}`} role="status">
            <p className="verify-status-title">{status.title}</p>
            <p>
              {status.text}
              {cert.revokedAt ? ` Revoked on ${formatLongDate(cert.revokedAt, site.timeZone)}.` : ''}
            </p>
          </div>
          <dl className="verify-facts">
            <dt>Awarded to</dt>
            <dd>{cert.holderName}</dd>
            <dt>Rank</dt>
            <dd>{cert.rankName}</dd>
            <dt>Program</dt>
            <dd>{cert.programName}</dd>
            <dt>Date awarded</dt>
            <dd>{day(cert.issuedOn)}</dd>
            <dt>Issued by</dt>
            <dd>{cert.issuerName}</dd>
            <dt>Examiners</dt>
            <dd>
              {cert.examiners.length ? (
                <ul className="verify-examiners">
                  {cert.examiners.map((e, i) => (
                    <li key={i}>
                      {e.name}
                      {e.role === 'head' ? ', head examiner' : ''}
                      {e.rank ? ` (${e.rank})` : ''}
                    </li>
                  ))}
                </ul>
              ) : (
                'None recorded'
              )}
            </dd>
            <dt>Certificate number</dt>
            <dd>{cert.number}</dd>
            <dt>PDF SHA-256</dt>
            <dd>
              <code className="verify-hash">{cert.pdfSha256}</code>
            </dd>
          </dl>
          <p className="verify-note">
            Check that your browser's address bar shows <strong>{cert.host}</strong>: a page on another address is not this school's record.
            The SHA-256 above is the fingerprint of the certificate's PDF; a copy with another fingerprint has been changed.
          </p>
          <p className="verify-note">
            For software: this address answers the signed credential (Open Badges 3.0) when asked for <code>application/vc+jwt</code>; its
            keys are at <a href="/.well-known/jwks.json">/.well-known/jwks.json</a> and the issuer at <a href="/issuer">/issuer</a>.
          </p>
        </div>
      </section>
    </SiteLayout>
  );
}
