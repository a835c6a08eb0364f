import { Link } from "react-router";
import type { Route } from "./+types/terms-of-service";
import { LegalPage, relatedTo, type LegalSection } from "#app/components/legal/legal-page.tsx";
import {
  autoCompletePolicy,
  FULL_REFUND_POLICY,
  holdPolicy,
  hours,
  menteeCancellationPolicy,
  noShowPolicy,
  payoutPolicy,
  requestExpiryPolicy,
  reschedulePolicy,
  TERMS_VERSION,
} from "#app/modules/policies/policies.ts";
import { getPlatformSettings } from "#app/modules/settings/settings.server.ts";

// The rules of bookings, refunds, missed sessions and payouts are the policy module's sentences, from the settings
// the code runs on: a change in the console's Settings changes this page.

export async function loader() {
  const { supportEmail, updatedAt: _updatedAt, ...settings } = await getPlatformSettings();
  return { supportEmail, settings };
}

export const meta: Route.MetaFunction = () => [
  { title: "Terms of Service · Ministry Mentors" },
  { name: "description", content: "The terms for using Ministry Mentors: accounts, bookings and payments, cancellations and refunds, missed sessions, how mentors are paid, conduct, and the limits of mentoring." },
];

function sections({ supportEmail, settings }: Route.ComponentProps["loaderData"]): LegalSection[] {
  const mail = <a href={`mailto:${supportEmail}`}>{supportEmail}</a>;
  return [
    {
      id: "agreement",
      heading: "About these terms",
      body: (
        <>
          <p>
            These terms are an agreement between you and Ministry Mentors (“we”, “us”), the operator of this website. By creating an account, booking a
            session or offering sessions as a guide, you accept them. If you do not agree, please do not use the service.
          </p>
          <p>
            Our <Link to="/privacy-policy">Privacy Policy</Link> and <Link to="/cookie-policy">Cookie Policy</Link> explain how we handle your
            information and form part of these terms.
          </p>
        </>
      ),
    },
    {
      id: "service",
      heading: "What Ministry Mentors is",
      body: (
        <p>
          Ministry Mentors is a marketplace. It helps pastors and ministry leaders (“mentees”) find, book and pay for one-on-one mentoring sessions with
          experienced ministry leaders (“guides”). Guides are independent: they are not our employees or agents, they decide what they offer and at what
          price, and they are responsible for the advice they give. We check a guide’s experience and references before listing them, but we do not
          guarantee the outcome of any session.
        </p>
      ),
    },
    {
      id: "not-counselling",
      heading: "Mentoring is not counselling or an emergency service",
      body: (
        <>
          <p>
            <strong>
              Guides are mentors, not licensed counsellors, therapists, physicians, attorneys or financial advisers, unless a guide tells you otherwise, and
              even then their sessions here are mentoring, not professional treatment or advice.
            </strong>{" "}
            Sessions are no substitute for medical, psychological, legal or financial care from a qualified professional.
          </p>
          <p>
            Ministry Mentors is not an emergency service, and messages are not watched around the clock. If you or someone else is in danger, call 911.
            For emotional distress or thoughts of suicide, call or text 988 to reach the Suicide &amp; Crisis Lifeline.
          </p>
        </>
      ),
    },
    {
      id: "accounts",
      heading: "Your account",
      body: (
        <ul>
          <li>You must be at least 18 and able to enter into a binding agreement.</li>
          <li>Give true, current information, and keep it up to date. A guide’s profile must describe their experience honestly.</li>
          <li>Keep your password to yourself. You are responsible for what is done with your account; tell us at once at {mail} if you think someone else has used it.</li>
          <li>One person, one account. Accounts may not be sold or transferred.</li>
          <li>You may close your account at any time. Closing it does not cancel payments already made for sessions that took place.</li>
        </ul>
      ),
    },
    {
      id: "bookings-payments",
      heading: "Bookings and payments",
      body: (
        <ul>
          <li>Sessions are booked from a guide’s free times, at least {hours(settings.minimumNoticeHours)} before they start (a guide may ask for more notice).</li>
          <li>The price is the guide’s rate shown when you book, in US dollars. Some guides offer pay-what-you-want sessions, where you choose the amount, including nothing.</li>
          <li>You pay by card when you confirm the booking. Payments are processed by Stripe, and your card details go directly to Stripe, not to us.</li>
          <li>{holdPolicy(settings)}</li>
          <li>A booking is confirmed once the payment succeeds (or at once for a free session). {requestExpiryPolicy(settings)}</li>
          <li>{reschedulePolicy(settings)}</li>
          <li>Prices include no taxes unless stated; guides are responsible for their own income taxes.</li>
        </ul>
      ),
    },
    {
      id: "cancellations",
      heading: "Cancellations and refunds",
      body: (
        <ul>
          <li><strong>If you cancel:</strong> {menteeCancellationPolicy(settings)}</li>
          <li><strong>If the guide cancels or declines:</strong> {FULL_REFUND_POLICY}</li>
          <li>If a session could not take place because of a technical problem on our side, tell us within 7 days and we will refund it or arrange another time.</li>
          <li>Refunds go back to the original card; your bank may take 5 to 10 business days to show them.</li>
          <li>If you think you were charged in error, contact us at {mail} before disputing the charge with your bank, so we can put it right quickly.</li>
        </ul>
      ),
    },
    {
      id: "missed-sessions",
      heading: "Missed sessions and problems",
      body: (
        <>
          {noShowPolicy(settings).map((paragraph) => <p key={paragraph}>{paragraph}</p>)}
          <p>{autoCompletePolicy(settings)} A problem with a session is reported the same way as a missed one, from your bookings, until {hours(settings.disputeWindowHours)} after it is completed.</p>
        </>
      ),
    },
    {
      id: "payouts",
      heading: "How guides are paid",
      body: (
        <>
          {payoutPolicy(settings).map((paragraph) => <p key={paragraph}>{paragraph}</p>)}
          <p>Guides are responsible for the taxes on what they earn.</p>
        </>
      ),
    },
    {
      id: "conduct",
      heading: "How we treat each other",
      body: (
        <>
          <p>Ministry Mentors exists to strengthen leaders who serve others. Everyone using it agrees to:</p>
          <ul>
            <li>treat others with respect, patience and honesty, whatever their tradition, background or views;</li>
            <li>keep confidential what is shared in sessions and messages, except where someone is at risk of serious harm or the law requires disclosure;</li>
            <li>not harass, threaten, demean or discriminate against anyone, and not send sexual or abusive content;</li>
            <li>not use the platform to recruit for another business, solicit donations or sell unrelated products;</li>
            <li>not arrange to pay or be paid outside the platform for sessions found through it;</li>
            <li>not post reviews that are false, or about a session that did not take place;</li>
            <li>not interfere with the service, probe its security, scrape it or access other people’s accounts.</li>
          </ul>
          <p>
            We may remove content, suspend or close an account that breaks these rules, and we will tell you why unless the law or someone’s safety
            prevents it. If you see something wrong, report it through the <Link to="/support">Support Center</Link>.
          </p>
        </>
      ),
    },
    {
      id: "content",
      heading: "Your content",
      body: (
        <p>
          You keep ownership of what you write and upload (your profile, messages, reviews and pictures). You give us a non-exclusive, royalty-free licence
          to store, display and transmit it as needed to run the service, for example to show a guide’s profile or a review. You confirm you have the right
          to share what you upload. The site’s own design, text and software belong to us.
        </p>
      ),
    },
    {
      id: "liability",
      heading: "Disclaimers and limits of liability",
      body: (
        <>
          <p>
            The service is provided “as is” and “as available”. To the extent the law allows, we make no promise that it will be uninterrupted or free of
            errors, and we are not responsible for what guides or mentees say or do in sessions or messages.
          </p>
          <p>
            To the extent the law allows, we are not liable for indirect, incidental or consequential losses, or for lost profits, data or goodwill. Our total
            liability to you for any claim about the service is limited to the greater of the amounts you paid through the platform in the 12 months before
            the claim and US $100. Nothing in these terms limits liability that cannot be limited by law, such as for fraud or gross negligence.
          </p>
          <p>
            You agree to indemnify us against claims by others that arise from your breach of these terms or from content you posted.
          </p>
        </>
      ),
    },
    {
      id: "law",
      heading: "Governing law and disputes",
      body: (
        <p>
          These terms are governed by the laws of the State of Texas and the federal laws of the United States, without regard to conflict-of-law rules.
          If a dispute arises, please contact us first: most problems are resolved quickly that way. Any dispute that cannot be resolved informally will be
          decided by the state or federal courts located in Texas, and you and we consent to their jurisdiction, except that either of us may bring a claim
          in small-claims court where it qualifies.
        </p>
      ),
    },
    {
      id: "changes",
      heading: "Changes to these terms",
      body: (
        <p>
          We may update these terms as the service changes. We will show the date of the latest version at the top and, for significant changes, tell you by
          e-mail or in your dashboard at least 14 days before they take effect. Continuing to use the service after that means you accept the new terms.
        </p>
      ),
    },
    {
      id: "contact",
      heading: "Contact",
      body: (
        <p>
          Questions about these terms: {mail}, or the <Link to="/support">Support Center</Link>.
        </p>
      ),
    },
  ];
}

export default function TermsOfService({ loaderData }: Route.ComponentProps) {
  return (
    <LegalPage
      title="Terms of Service"
      updated="2026-11-28"
      intro={
        <>
          <p>
            Please read these terms carefully. They explain your rights and responsibilities when you use Ministry Mentors, as a mentee or as a guide,
            including how bookings, payments, cancellations and payouts work.
          </p>
          <p className="text-base text-slate-500">Version {TERMS_VERSION}.</p>
        </>
      }
      sections={sections(loaderData)}
      related={relatedTo("/terms-of-service")}
    />
  );
}
