import { PRODUCT_NAME } from '@aeropool/contract/product';
import { LegalDocument, LegalList, LegalSection } from './legal-document';

export function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      lastUpdated="28 November 2026"
      intro={
        <p>
          {PRODUCT_NAME} helps travellers share cabs to and from Kempegowda International Airport,
          Bengaluru. This policy explains what we store to do that, why, and what you can do about
          it. We keep it short because we collect little.
        </p>
      }
    >
      <LegalSection title="What we store">
        <LegalList
          items={[
            'Your account: first and last name, e-mail address and, if you add them, your phone number and gender. Your gender is used only for Women only rides and is not shown on your profile or cards; but a ride you mark Women only tells those who see it that you are a woman, and a Women only search lists only riders whose profile says Woman.',
            'Your password, only as a one-way hash; we cannot read it. If you sign in with Google we receive your name and e-mail from Google and store no password.',
            'Your ride requests: pickup or drop place, airport terminal and time of travel, and the matches, match requests and ratings that come from them.',
            'Chat messages with your matched riders, encrypted at rest.',
            'Support tickets you send us, and the reports and blocks you make.',
            'If you turn on notifications for a device, that device’s push subscription.',
            'Our server’s request log: the address your requests came from and the pages asked for (not the words of a place search), and the e-mail address or phone number each of our messages went to (not what they said), kept to run and protect the service.',
            'Notifications in your account, which are deleted after 90 days.',
          ]}
        />
      </LegalSection>

      <LegalSection title="How we use it">
        <p>
          Only to run the service: to match you with riders going your way, to let matched riders
          chat and rate each other, to send you one-time codes and account e-mails, to tell you of
          match requests, matches and trips by e-mail (each kind can be switched off on your
          profile; the confirmation of something you did yourself, such as blocking a rider, is
          always sent), and to answer your support requests.
        </p>
        <p>
          Riders who could share your trip see your first name and last initial, your ride details
          (the place on a map, terminal and time), your rating and how many ratings and completed
          rides you have, whether your phone is verified and the month you joined, so they can
          decide whether to ride with you. Once you are matched, your co-riders also see your e-mail
          address and, until a day after the trip, your phone number, so you can find each other at
          the kerb. A trip link shows whoever holds it the first names of the cab's riders (and
          whether their phones are verified) and the place, terminal and time of the ride of the
          rider who shared it.
        </p>
      </LegalSection>

      <LegalSection title="What we do not do">
        <LegalList
          items={[
            'We do not sell, rent or trade your data.',
            'We do not use advertising trackers. Page-view counts are first-party only: counted by our own server, not shared with analytics or advertising companies.',
            'We do not process payments. Fares are split directly between riders, so we hold no card or bank details.',
          ]}
        />
      </LegalSection>

      <LegalSection title="Services we rely on">
        <p>These services receive some of your data, only what they need to do their part:</p>
        <LegalList
          items={[
            'Place search: a map geocoding service receives the text you type to find a location.',
            'Maps: the maps on your matched trips and on the location-search comparison page load their images from OpenStreetMap (tile.openstreetmap.org), which receives your IP address and the part of the map shown, around the places of your ride.',
            'Phone verification: when you verify your phone number, our SMS provider (Twilio or MSG91) receives the number and the one-time code so it can text it to you.',
            'E-mail: one-time codes and account e-mails go out through our e-mail delivery service, which receives your e-mail address and the message.',
            "Notifications: if you turn them on for a device, our notifications pass through the push service of your browser's maker (such as Google, Mozilla, Apple or Microsoft), which delivers them to that device. They are encrypted, so the push service cannot read them.",
            "Google sign-in: the sign-in and sign-up pages show Google's button, loaded from Google, which receives your IP address when you open them. If you sign in with Google, Google handles it under its own privacy policy.",
          ]}
        />
        <p>We share nothing else with third parties unless Indian law requires it.</p>
      </LegalSection>

      <LegalSection title="Your choices">
        <p>
          You can see and correct your details on your profile at any time, except your e-mail
          address, which cannot be changed (write to support). You can deactivate your account from
          the profile page; once deactivated you can no longer sign in or be matched. For 30 days a
          password reset brings it back; after that, unless the account was suspended, your e-mail
          address and phone number are removed from it, and your trips stay in your co-riders&apos;
          history under your name. One-time codes, and the record of codes sent, are deleted within
          three days. To ask for a copy of your data or for it to be erased, write to support. We
          handle these requests in line with India&apos;s Digital Personal Data Protection Act,
          2023.
        </p>
      </LegalSection>

      <LegalSection title="Security">
        <p>
          Passwords are stored only as hashes and chat messages are encrypted at rest, and access to
          the database is limited to the people who run the service. No system is perfectly secure;
          if we learn of a breach that affects you, we will tell you by e-mail.
        </p>
      </LegalSection>
    </LegalDocument>
  );
}
