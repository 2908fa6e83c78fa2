import { eq, inArray } from 'drizzle-orm';
import { newId } from '#core/ids.ts';
import { bytesSha256 } from '#core/pdf/pdf-text.ts';
import { DEFAULT_SETTINGS } from '#core/settings/settings-schemas.ts';
import { profileName } from '#core/users/person-name.ts';
import { renderWaiverPdf, waiverPdfInputOf } from '#core/waivers/waiver-pdf.ts';
import { SETTINGS_ID, siteSettings, users, waiverDocuments, waiverSignatures, waiverVersions } from '#db/schema/index.ts';
import { DEMO_PIN_EMAIL } from './checkin.ts';
import { DEMO_CLASS_MEMBERS } from './class-members.ts';
import type { Seeder } from './types.ts';

export const DEMO_WAIVER_ID = 'demo-waiver-release';
const DAY = 86_400_000;

const VERSION_1 = `# Release of liability and medical consent

I take part in karate classes at the school of my own free will. I understand that martial arts training involves
physical contact, falls and strikes, and that injuries can happen even when everyone trains with care.

- I will follow the instructor's directions and the dojo rules.
- I will tell the instructor before class about any injury or health condition.

In a medical emergency, the school may call emergency services and give first aid.
`;

const VERSION_2 = `# Release of liability and medical consent

I take part in karate classes at the school of my own free will. I understand that martial arts training involves
physical contact, falls and strikes, and that injuries can happen even when everyone trains with care.

## My responsibilities

- I will follow the instructor's directions and the dojo rules.
- I will tell the instructor before class about any injury, illness or health condition, and about medication I take.
- I will wear the protective equipment the class asks for (mouth guard and gloves for kumite).

## Medical consent

In a medical emergency, the school may call emergency services, give first aid and share my medical notes with
the paramedics. The school keeps my medical notes private: only my guardians and the school's staff can read them.

## Release

I release the school and its instructors from liability for injuries that happen in ordinary training, except
where they are caused by negligence.
`;

/** Signed the current version (v2): the demo student Leo and most class members. */
const SIGNED_V2 = DEMO_CLASS_MEMBERS.map((m) => m.email).filter(
  (e) => !['liam.obrien@members.dojo.local', 'nadia.petrova@members.dojo.local', 'hiro.tanaka@members.dojo.local'].includes(e),
);
/** Signed version 1 only (outdated): the demo member and Hiro Tanaka. Missing entirely: Liam O'Brien and Nadia Petrova. */
const SIGNED_V1_ONLY = ['member@dojo.local', 'hiro.tanaka@members.dojo.local'];

/**
 * The demo's required waiver (issue 26 §5): version 1 and the current version 2, signatures of both (typed,
 * at the front desk), and people missing it. The seed runs in Node without R2: each signature's PDF is drawn
 * by the Worker from the row on first download, and `pdfSha256` is that drawing's digest. settings.requiredWaiverId
 * stays unset: fresh accounts (the e2e suite's, a visitor who registers) could not book until they sign; an admin
 * turns it on in the settings (see worker/features/waivers/README.md).
 */
export const waiversSeeder: Seeder = {
  name: 'waivers',
  async run({ db }) {
    if (await db.select({ id: waiverDocuments.id }).from(waiverDocuments).where(eq(waiverDocuments.id, DEMO_WAIVER_ID)).get()) return 0;
    const admin = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@dojo.local')).get();
    const settings = await db.select({ schoolName: siteSettings.schoolName }).from(siteSettings).where(eq(siteSettings.id, SETTINGS_ID)).get();
    const schoolName = settings?.schoolName.trim() || DEFAULT_SETTINGS.schoolName;
    const now = Date.now();
    const title = 'Release of liability and medical consent';
    const versions = [
      { id: newId(), version: 1, body: VERSION_1, publishedAt: new Date(now - 120 * DAY) },
      { id: newId(), version: 2, body: VERSION_2, publishedAt: new Date(now - 21 * DAY) },
    ];
    const hashes = await Promise.all(versions.map((v) => bytesSha256(new TextEncoder().encode(v.body))));
    const people = await db
      .select({ id: users.id, email: users.email, profile: users.profile })
      .from(users)
      .where(inArray(users.email, [DEMO_PIN_EMAIL, ...SIGNED_V2, ...SIGNED_V1_ONLY]));
    const plan = [
      ...[DEMO_PIN_EMAIL, ...SIGNED_V2].map((email, i) => ({ email, v: 1, at: now - (20 - (i % 19)) * DAY })),
      ...SIGNED_V1_ONLY.map((email, i) => ({ email, v: 0, at: now - (100 - i * 7) * DAY })),
    ];
    const signatures: (typeof waiverSignatures.$inferInsert)[] = [];
    for (const [i, p] of plan.entries()) {
      const person = people.find((u) => u.email === p.email);
      const version = versions[p.v]!;
      if (!person) continue;
      const name = profileName(person.profile, person.email);
      const row = {
        id: newId(p.at),
        version: version.version,
        textSha256: hashes[p.v]!,
        signerCapacity: 'self',
        typedName: name,
        signedAt: new Date(p.at + (i % 7) * 3_600_000),
        ip: '127.0.0.1',
        userAgent: 'Front desk tablet (demo)',
      };
      const pdf = await renderWaiverPdf(
        waiverPdfInputOf(row, { schoolName, title, body: version.body, signedForName: name, signedByName: name, signature: null }),
      );
      signatures.push({
        ...row,
        documentId: DEMO_WAIVER_ID,
        versionId: version.id,
        signedFor: person.id,
        signedBy: person.id,
        signatureKind: 'typed',
        pdfKey: `waivers/${row.id}.pdf`,
        pdfSha256: await bytesSha256(pdf),
      });
    }
    await db.batch([
      db.insert(waiverDocuments).values({
        id: DEMO_WAIVER_ID,
        title,
        currentVersion: 2,
        createdBy: admin?.id ?? null,
        createdAt: versions[0]!.publishedAt,
        updatedAt: versions[1]!.publishedAt,
      }),
      db.insert(waiverVersions).values(versions.map((v, i) => ({ ...v, documentId: DEMO_WAIVER_ID, bodySha256: hashes[i]!, publishedBy: admin?.id ?? null }))),
      ...(signatures.length ? [db.insert(waiverSignatures).values(signatures).onConflictDoNothing()] : []),
    ]);
    return 1 + versions.length + signatures.length;
  },
};
