import { PRODUCT_NAME } from '@aeropool/contract/product';
import { LegalDocument, LegalList, LegalSection } from './legal-document';

export function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Service"
      lastUpdated="21 November 2026"
      intro={
        <p>
          These terms apply when you use {PRODUCT_NAME} to find co-passengers for trips to and from
          Kempegowda International Airport, Bengaluru. By creating an account you agree to them.
        </p>
      }
    >
      <LegalSection title="What the service is">
        <p>
          {PRODUCT_NAME} introduces riders who travel at similar times in similar directions. We are
          not a cab operator: we do not provide vehicles or drivers, and we are not a party to the
          ride or to any arrangement between riders and a cab service.
        </p>
      </LegalSection>

      <LegalSection title="Your account">
        <LegalList
          items={[
            'You must be at least 18 years old to use the service.',
            'Give your real name and an e-mail address you use; keep your password to yourself.',
            'You are responsible for what happens under your account. Tell us by e-mail if you think someone else is using it.',
          ]}
        />
      </LegalSection>

      <LegalSection title="Fares and payment">
        <p>
          {PRODUCT_NAME} charges nothing for its service. Fares shown in the app are estimates; the
          real fare is set by the cab you book. Riders split it between themselves, in cash or any
          method they agree on, so there is nothing for us to refund.
        </p>
      </LegalSection>

      <LegalSection title="Riding with others">
        <LegalList
          items={[
            'Be on time, and tell your match in the chat as early as you can if your plans change.',
            'Cancel ride requests and matches you no longer need, so others can find a co-passenger.',
            'Be respectful. Harassment, discrimination, threats or unsafe behaviour are not allowed.',
            'Rate co-passengers honestly; ratings help everyone choose who to ride with.',
            'Use your own judgement about who you travel with. In an emergency call 112.',
          ]}
        />
      </LegalSection>

      <LegalSection title="Suspension and deactivation">
        <p>
          You may deactivate your account at any time from your profile. We may suspend or close
          accounts that break these terms or put other riders at risk.
        </p>
      </LegalSection>

      <LegalSection title="Limits of our responsibility">
        <p>
          We work to keep the service available and matches accurate, but we provide it as is. To
          the extent Indian law allows, we are not liable for the conduct of riders or cab services,
          for delays or missed flights, or for losses arising from a shared ride.
        </p>
      </LegalSection>

      <LegalSection title="Changes and governing law">
        <p>
          If we change these terms we will update the date above and, for important changes, tell
          you by e-mail. These terms are governed by the laws of India, and the courts of Bengaluru,
          Karnataka, have jurisdiction.
        </p>
      </LegalSection>
    </LegalDocument>
  );
}
