import { useEffect, useRef, useState } from 'react';
import { profileSave, type DetectedLocation } from '#core/location/detected-location.ts';
import { LOCATION_MESSAGES } from '#core/location/location-messages.ts';
import { FormAlert, FormStatus } from '#web/components/form-kit.tsx';
import { api, ApiError } from '#web/lib/api.ts';
import { rememberUser, storedUser, type SessionUser } from '#web/lib/session.ts';
import { Dialog } from '#web/panel/dialog.tsx';
import { detectLocation } from './detect-location.ts';
import { LocationSummary } from './location-summary.tsx';

type Step = 'ask' | 'detecting' | 'found' | 'saving' | 'saved';

/** Spec 7 "Profile save": the zone and place go to PATCH /users/{id}; the stored session user follows. */
async function saveLocation(userId: string, found: DetectedLocation) {
  const body = profileSave(found);
  await api(`/users/${encodeURIComponent(userId)}`, { method: 'PATCH', body, fallback: LOCATION_MESSAGES.saveFailed });
  const stored = storedUser();
  if (stored?._id === userId) rememberUser({ ...stored, profile: { ...stored.profile, ...body.profile } });
}

/** The location prompt: says what it detects and why, detects on request, shows the result and saves it. */
export function LocationDialog({ user, onClose }: { user: Pick<SessionUser, '_id'> | null; onClose: () => void }) {
  const [step, setStep] = useState<Step>('ask');
  const [found, setFound] = useState<DetectedLocation | null>(null);
  const [alert, setAlert] = useState('');
  const primary = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (step === 'found' || step === 'saved') primary.current?.focus();
  }, [step]);

  async function detect() {
    if (step === 'detecting') return;
    setAlert('');
    setStep('detecting');
    const result = await detectLocation();
    setFound(result);
    if (!result?.timezone) setAlert(`${LOCATION_MESSAGES.notDetected} You can choose your time zone in your profile.`);
    setStep('found');
  }

  async function save() {
    if (!found?.timezone || step === 'saving') return;
    if (!user?._id) return setAlert(LOCATION_MESSAGES.noUserId);
    setAlert('');
    setStep('saving');
    try {
      await saveLocation(user._id, found);
      setStep('saved');
    } catch (err) {
      setAlert(err instanceof ApiError && err.status === 400 ? err.message : LOCATION_MESSAGES.saveFailed);
      setStep('found');
    }
  }

  const canSave = Boolean(found?.timezone);
  return (
    <Dialog title="Set your time zone" onClose={onClose} className="location-dialog">
      {step === 'ask' || step === 'detecting' ? (
        <>
          <p>
            We show class and meeting times in your time zone and can point out classes near you. To find them, we look at where your
            connection comes from; if that is not enough, your browser asks whether to share your location, and last we try your internet
            address.
          </p>
          <p>Only your city, region, country, time zone and rough coordinates are saved to your profile. You can change them there.</p>
        </>
      ) : (
        <LocationSummary location={found} timezone={found?.timezone} method={found?.method} />
      )}
      <FormAlert message={alert} />
      <FormStatus message={step === 'detecting' ? 'Detecting your location…' : step === 'saved' ? LOCATION_MESSAGES.saved : ''} />
      <div className="btn-row">
        {(step === 'ask' || step === 'detecting') && (
          <button
            type="button"
            className="btn btn-primary"
            data-autofocus
            aria-disabled={step === 'detecting'}
            onClick={() => void detect()}
          >
            {step === 'detecting' ? 'Detecting…' : 'Detect my location'}
          </button>
        )}
        {(step === 'found' || step === 'saving') && canSave && (
          <button ref={primary} type="button" className="btn btn-primary" aria-disabled={step === 'saving'} onClick={() => void save()}>
            {step === 'saving' ? 'Saving…' : 'Save'}
          </button>
        )}
        {step === 'saved' ? (
          <button ref={primary} type="button" className="btn btn-primary" onClick={onClose}>
            Done
          </button>
        ) : (
          <button ref={canSave ? undefined : primary} type="button" className="btn btn-secondary" onClick={onClose}>
            {step === 'found' && !canSave ? 'Close' : 'Not now'}
          </button>
        )}
      </div>
    </Dialog>
  );
}
