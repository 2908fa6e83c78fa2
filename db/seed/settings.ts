import { SETTINGS_ID, siteSettings } from '#db/schema/index.ts';
import type { Seeder } from './types.ts';

/** The demo school's settings; an existing settings row (an admin's own) is never overwritten. */
export const settingsSeeder: Seeder = {
  name: 'settings',
  async run({ db }) {
    const added = await db
      .insert(siteSettings)
      .values({
        id: SETTINGS_ID,
        schoolName: 'Shizen Karate Dojo',
        tagline: 'Traditional karate for children, teens and adults in the heart of Vancouver',
        contactEmail: 'info@shizen-dojo.local',
        contactPhone: '+1 604 555 0142',
        contactAddress: '1280 Commercial Drive, Vancouver, BC V5L 3X4, Canada',
        socialLinks: {
          facebook: 'https://www.facebook.com/shizenkaratedojo',
          instagram: 'https://www.instagram.com/shizenkaratedojo',
          youtube: 'https://www.youtube.com/@shizenkaratedojo',
        },
        currency: 'CAD',
        currencySymbol: '$',
        // British Columbia: GST 5 % is the rate every sale carries; a new product is then raised to 12 % (GST + PST).
        defaultTaxRateBp: 500,
        timeZone: 'America/Vancouver',
        privacyPolicy: '',
        termsAndConditions: '',
      })
      .onConflictDoNothing()
      .returning({ id: siteSettings.id });
    return added.length;
  },
};
