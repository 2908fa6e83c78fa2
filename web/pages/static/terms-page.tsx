import { LegalPage, type LegalDoc, type LegalPageProps } from './legal-page.tsx';

const TERMS: LegalDoc = {
  title: 'Terms and Conditions',
  current: '/legal/terms-and-conditions',
  intro: (school) => `The rules that apply when you train with ${school}, buy from us or use this website.`,
  Body: ({ school, contact }) => (
    <>
      <h2>1. Agreement</h2>
      <p>
        By creating an account, enrolling in a class or course, buying a membership or a shop item, or otherwise using this website, you
        agree to these terms and to our <a href="/legal/privacy-policy">Privacy Policy</a>. If you act for a child, you accept these terms
        on the child's behalf.
      </p>

      <h2>2. Accounts</h2>
      <ul>
        <li>Give accurate information and keep it up to date, including an emergency contact.</li>
        <li>Keep your password to yourself; you are responsible for what happens under your account.</li>
        <li>We may suspend or close an account that is misused, used fraudulently or breaks these terms.</li>
      </ul>

      <h2>3. Classes, courses and memberships</h2>
      <ul>
        <li>Class times, instructors and course content may change; we will tell enrolled students of significant changes.</li>
        <li>
          A membership gives access to the classes included in its plan for its paid period. Memberships that renew do so at the end of each
          period unless cancelled beforehand.
        </li>
        <li>Gradings are awarded at the instructors' discretion, based on skill, attendance and conduct.</li>
        <li>Syllabus material and recordings are provided for your personal training only and may not be shared or resold.</li>
      </ul>

      <h2>4. Prices and payment</h2>
      <p>
        Prices are shown in Canadian dollars (CAD) unless stated otherwise, and applicable taxes such as GST are added at checkout. Payments
        are processed by our payment providers; your enrolment, membership or order is confirmed once the payment is verified. Coupons are
        subject to their own conditions, cannot be exchanged for cash and may be withdrawn at any time.
      </p>

      <h2>5. Cancellations and refunds</h2>
      <ul>
        <li>
          Courses: a full refund if you cancel at least 7 days before the first session; afterwards, no refund for sessions already held.
        </li>
        <li>
          Memberships: cancel any time before the next renewal; the current paid period is not refunded except where the law requires it or
          for medical reasons supported by a note.
        </li>
        <li>Shop items: unused items in their original packaging may be returned within 30 days for a refund of the item price.</li>
        <li>If we cancel a class or course, you will be offered a make-up session or a refund.</li>
      </ul>

      <h2>6. Health, safety and conduct</h2>
      <p>
        Martial-arts training is a physical activity with a risk of injury. Tell your instructor about any medical condition or injury
        before class, train within your limits and follow the instructors' directions at all times. Respect the dojo's etiquette: be on
        time, keep nails short, remove jewellery, wear a clean uniform and treat every training partner with care. Techniques learned here
        must never be used to harm others except in lawful self-defence. We may ask anyone who endangers others to leave the class.
      </p>

      <h2>7. Photos and videos</h2>
      <p>
        We sometimes photograph or film classes and events for our website and social media. Tell us if you (or your child) do not wish to
        appear, and we will respect that choice.
      </p>

      <h2>8. Online classes and messages</h2>
      <p>
        Online classes and messaging are for students, members and staff. Do not record, share or disrupt sessions, and keep messages
        respectful. We may remove content that breaks these rules.
      </p>

      <h2>9. Website content</h2>
      <p>
        The text, images, logos and training material on this website belong to {school} or its licensors. You may view and print them for
        personal use; any other use needs our written permission.
      </p>

      <h2>10. Liability</h2>
      <p>
        To the extent the law allows, we are not liable for indirect or consequential losses, and our total liability relating to a purchase
        is limited to the amount you paid for it. Nothing in these terms limits liability that cannot be limited by law, including for
        injury caused by our negligence.
      </p>

      <h2>11. Changes and governing law</h2>
      <p>
        We may update these terms; the version posted here with its date applies from that date. These terms are governed by the laws of the
        Province of Ontario and the federal laws of Canada that apply there.
      </p>

      <h2>12. Contact</h2>
      <p>Questions about these terms? Write to us {contact} or visit the dojo.</p>
    </>
  ),
};

/** Terms and conditions: the text saved in the settings, else this built-in text (no JavaScript). */
export const TermsPage = (props: LegalPageProps) => <LegalPage {...props} doc={TERMS} />;
