import { LegalPage, type LegalDoc, type LegalPageProps } from './legal-page.tsx';

const PRIVACY: LegalDoc = {
  title: 'Privacy Policy',
  current: '/legal/privacy-policy',
  intro: (school) => `How ${school} collects, uses and protects the personal information of its students, members, parents and visitors.`,
  Body: ({ school, contact }) => (
    <>
      <h2>1. Who we are</h2>
      <p>
        {school} ("we", "us") runs a martial-arts school and this website, where visitors can learn about our classes and where students,
        members, instructors and staff manage enrolments, memberships, purchases and messages. We are responsible for the personal
        information described in this policy.
      </p>

      <h2>2. Information we collect</h2>
      <ul>
        <li>
          <strong>Account information:</strong> your name, e-mail address, password (stored only as a one-way hash), phone number, role,
          grade or belt, timezone and location you choose to share, an optional profile picture and social links, and an emergency contact.
        </li>
        <li>
          <strong>Enrolments, memberships and orders:</strong> the courses, memberships and shop items you purchase, their status, delivery
          details for shop orders and any coupon you apply.
        </li>
        <li>
          <strong>Payments:</strong> payments are handled by our payment providers (such as Stripe, PayPal or Razorpay). We receive a
          confirmation, the amount, the date and a reference from the provider; we never receive or store your full card number.
        </li>
        <li>
          <strong>Enquiries and messages:</strong> what you send us through the contact form (name, e-mail, phone, subject and message),
          messages exchanged with instructors and staff, and instructor applications.
        </li>
        <li>
          <strong>Technical information:</strong> your IP address, browser type and the pages you request, kept in security logs. If you
          allow it, your approximate location or timezone, used to show class and meeting times correctly.
        </li>
      </ul>

      <h2>3. How we use it</h2>
      <ul>
        <li>to create and secure your account, and to let you log in;</li>
        <li>to run classes, gradings, courses, memberships and events, and to keep training records such as your grade;</li>
        <li>to process payments, issue receipts and meet our tax and accounting obligations;</li>
        <li>to answer enquiries and send service messages (confirmations, reminders, password resets);</li>
        <li>to contact your emergency contact if you are injured or unwell during training;</li>
        <li>to protect the website against fraud and abuse, for example by limiting repeated login attempts.</li>
      </ul>
      <p>We do not sell your personal information and we do not use it for advertising profiles.</p>

      <h2>4. Children</h2>
      <p>
        Many of our students are children. Accounts for students under the age of majority in their province must be created and managed
        with the consent of a parent or guardian, who may exercise the rights described below on the child's behalf.
      </p>

      <h2>5. Who we share it with</h2>
      <p>We share personal information only with service providers who help us run the school, and only as needed:</p>
      <ul>
        <li>payment providers, to take and refund payments;</li>
        <li>our hosting, database and e-mail delivery providers, who store and transmit data on our behalf;</li>
        <li>video-meeting providers, when you join an online class;</li>
        <li>authorities, where the law requires it.</li>
      </ul>
      <p>These providers may process data outside your province or country; we require them to protect it to a comparable standard.</p>

      <h2>6. Cookies and local storage</h2>
      <p>
        We do not use advertising or tracking cookies. Your browser stores your login session, your shopping cart and a few preferences (for
        example, whether you have already answered the location prompt) so the website works as expected. You can clear them at any time in
        your browser settings; you will then need to log in again.
      </p>

      <h2>7. How long we keep it</h2>
      <ul>
        <li>account and training records: while your account is active and for up to 2 years after it is closed;</li>
        <li>payment, order and tax records: 7 years, as required for accounting and tax purposes;</li>
        <li>enquiries: up to 2 years after they are resolved;</li>
        <li>security logs: up to 90 days.</li>
      </ul>

      <h2>8. Security</h2>
      <p>
        We protect your information with encrypted connections (HTTPS), hashed passwords, access limited to the staff who need it and
        regular reviews of our systems. No system is perfectly secure; if a breach affecting you occurs, we will tell you and the relevant
        authority as the law requires.
      </p>

      <h2>9. Your rights</h2>
      <p>
        You may ask to access the personal information we hold about you, to correct it, to receive a copy, or to have it deleted where we
        do not need to keep it by law. You may withdraw consent you have given (for example, to location access) at any time. You can update
        most of your details yourself in your account. If you are not satisfied with our answer, you may complain to your privacy regulator,
        such as the Office of the Privacy Commissioner of Canada.
      </p>

      <h2>10. Contact</h2>
      <p>
        For any question or request about your personal information, write to our privacy officer {contact} or at the dojo's address shown
        at the bottom of this page. We answer within 30 days.
      </p>

      <h2>11. Changes to this policy</h2>
      <p>
        We may update this policy as our services change. We will post the new version here with its date and, for important changes, tell
        account holders by e-mail.
      </p>
    </>
  ),
};

/** Privacy policy of the school: the text saved in the settings, else this built-in text (no JavaScript). */
export const PrivacyPolicyPage = (props: LegalPageProps) => <LegalPage {...props} doc={PRIVACY} />;
