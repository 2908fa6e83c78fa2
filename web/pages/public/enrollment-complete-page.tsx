import { Island } from '#web/components/island.tsx';
import { PageHead } from '#web/components/page-head.tsx';
import { SiteLayout } from '#web/components/site-layout.tsx';
import type { SiteInfo } from '#web/components/site-info.ts';
import EnrollmentComplete from '#web/islands/EnrollmentComplete.tsx';

const COPY = {
  course: { current: '/courses', eyebrow: 'Courses', title: 'Your enrolment' },
  membership: { current: '/memberships', eyebrow: 'Memberships', title: 'Your membership' },
} as const;

/** Where the payment page sends people back: the island checks the payment with the server. */
export function EnrollmentCompletePage({ site, kind }: { site: SiteInfo; kind: 'course' | 'membership' }) {
  const copy = COPY[kind];
  return (
    <SiteLayout current={copy.current} site={site}>
      <PageHead eyebrow={copy.eyebrow} title={copy.title} />
      <div className="section">
        <div className="container enrol-complete">
          <Island name="EnrollmentComplete" component={EnrollmentComplete} props={{ kind }} hydrate="load" />
          <noscript>
            <p className="form-error">Confirming the payment needs JavaScript. Please enable it, or see your enrolments in your panel.</p>
          </noscript>
        </div>
      </div>
    </SiteLayout>
  );
}
