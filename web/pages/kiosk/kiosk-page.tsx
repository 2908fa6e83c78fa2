import { Island } from '#web/components/island.tsx';
import KioskApp from '#web/islands/KioskApp.tsx';
import { KIOSK_MESSAGES } from '#web/kiosk/kiosk-messages.ts';

/** /kiosk: a full-screen check-in device, without the site's navigation; the island reads its token and takes over. */
export function KioskPage({ schoolName }: { schoolName: string }) {
  return (
    <div className="kiosk-page">
      <Island name="KioskApp" component={KioskApp} props={{ schoolName }} hydrate="load" />
      <noscript>
        <p className="kiosk-message">{KIOSK_MESSAGES.noScript}</p>
      </noscript>
    </div>
  );
}
