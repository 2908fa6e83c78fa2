import { useEffect, useState } from 'react';
import { gradeLabel } from '#core/syllabus/grade-labels.ts';
import { normalizeGrade } from '#core/syllabus/grades.ts';
import { FormAlert } from '#web/components/form-kit.tsx';
import { Loading } from '#web/components/loading.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { displayName, onUserChanged, ROLE_LABELS } from '#web/lib/session.ts';
import { NotificationSettings } from '#web/panel/notifications/notification-settings.tsx';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { AddressCard } from './address-card.tsx';
import { EmergencyCard, SocialLinksCard } from './contact-cards.tsx';
import { DeactivateCard } from './deactivate-card.tsx';
import { DetailsCard } from './details-card.tsx';
import { PasswordCard } from './password-card.tsx';
import { PictureCard } from './picture-card.tsx';
import { readMe, readSchoolIsCanadian, type ProfileUser } from './profile-api.ts';
import { TimeZoneCard } from './time-zone-card.tsx';
import { DetectAgain } from '#web/panel/location/detect-again.tsx';

type Loaded = { me: ProfileUser; canadian: boolean };

/** The signed-in person's own profile, in every panel: each card saves on its own. */
export default function ProfileScreen(_props: PanelScreenProps) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [alert, setAlert] = useState('');

  useEffect(() => {
    const ctl = new AbortController();
    Promise.all([readMe(ctl.signal), readSchoolIsCanadian(ctl.signal)]).then(
      ([me, canadian]) => (me ? setLoaded({ me, canadian }) : setAlert('Failed to load your profile')),
      (err) => !ctl.signal.aborted && setAlert(errorMessage(err)),
    );
    // A save elsewhere on the screen (picture, detected location) hands back the new record.
    const stop = onUserChanged((me) => setLoaded((l) => (l && me._id === l.me._id ? { ...l, me: me as ProfileUser } : l)));
    return () => {
      ctl.abort();
      stop();
    };
  }, []);

  const me = loaded?.me;
  const profile = me?.profile ?? {};
  return (
    <div className="panel-screen profile-screen" data-ready={loaded || alert ? '' : undefined}>
      <h1>My profile</h1>
      {alert && <FormAlert message={alert} />}
      {!me ? (
        !alert && <Loading label="Loading your profile…" />
      ) : (
        <>
          <p className="profile-who">
            {me.email} · {ROLE_LABELS[me.role]}
            {typeof profile.grade === 'string' && profile.grade && <> · Grade: {gradeLabel(normalizeGrade(profile.grade))}</>}
          </p>
          <div className="profile-cards">
            <PictureCard picture={me.profilePicture ?? null} name={displayName(me)} />
            <DetailsCard profile={profile} />
            <AddressCard profile={profile} schoolIsCanadian={loaded.canadian} />
            <EmergencyCard contact={me.emergencyContact ?? {}} />
            <SocialLinksCard links={me.socialLinks ?? {}} />
            <TimeZoneCard profile={profile} detectAgain={<DetectAgain user={me} />} />
            <PasswordCard email={me.email} />
            <NotificationSettings />
            <DeactivateCard email={me.email} />
          </div>
        </>
      )}
    </div>
  );
}
