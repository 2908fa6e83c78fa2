import { Island } from '#web/components/island.tsx';
import type { SiteInfo } from '#web/components/site-info.ts';
import AcceptGuardianInvite from '#web/islands/AcceptGuardianInvite.tsx';
import { AuthLayout } from '#web/pages/auth/auth-layout.tsx';

/** `/family/accept?token=…`: a second guardian's invitation, accepted once signed in with the invited e-mail. */
export function AcceptInvitePage({ site, token }: { site: SiteInfo; token: string }) {
  return (
    <AuthLayout site={site} title="Join a family">
      <Island name="AcceptGuardianInvite" component={AcceptGuardianInvite} props={{ token }} hydrate="load" />
    </AuthLayout>
  );
}
