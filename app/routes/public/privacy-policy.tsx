import { Link } from "react-router";
import type { Route } from "./+types/privacy-policy";
import { LegalPage, relatedTo, type LegalSection } from "#app/components/legal/legal-page.tsx";
import { getPlatformSettings } from "#app/modules/settings/settings.server.ts";

export async function loader() {
  const { supportEmail } = await getPlatformSettings();
  return { supportEmail };
}

export const meta: Route.MetaFunction = () => [
  { title: "Privacy Policy · Ministry Mentors" },
  { name: "description", content: "What personal information Ministry Mentors collects, why, who processes it (including Stripe for payments), how long we keep it and your rights." },
];

function sections(supportEmail: string): LegalSection[] {
  const mail = <a href={`mailto:${supportEmail}`}>{supportEmail}</a>;
  return [
    {
      id: "who-we-are",
      heading: "Who we are",
      body: (
        <>
          <p>
            Ministry Mentors is an online marketplace, operated in the United States, where pastors and ministry leaders (“mentees”) book one-on-one
            mentoring sessions with experienced ministry leaders (“guides”). We decide how and why the personal information described here is used, and
            we are responsible for it.
          </p>
          <p>Questions about this policy or your information go to {mail}.</p>
        </>
      ),
    },
    {
      id: "what-we-collect",
      heading: "What we collect",
      body: (
        <>
          <h3>Information you give us</h3>
          <ul>
            <li><strong>Account:</strong> your name, e-mail address and password. We store only a one-way hash of your password (Argon2), never the password itself.</li>
            <li><strong>Profile:</strong> what you choose to add, such as your job title, church or organisation, education, experience, ministry specialties, a short biography, the challenges you want help with and a profile picture.</li>
            <li><strong>Guide applications:</strong> for people applying to be guides, also their phone number, ministry background, languages, references, an introduction video link and anything else the application asks for.</li>
            <li><strong>Bookings:</strong> the guide, the time, the topic and any notes you add for the session.</li>
            <li><strong>Messages:</strong> the messages you exchange with guides, mentees or our team on the platform.</li>
            <li><strong>Reviews:</strong> the rating and text you write about a session, and a guide’s reply.</li>
            <li><strong>Support questions:</strong> your name, e-mail address and what you write to us, through the Support Center or your dashboard.</li>
          </ul>
          <h3>Information about payments</h3>
          <p>
            Card payments are handled by Stripe (see below). We never receive or store your full card number or security code. We keep a record of each
            payment: the amount, its status, the date, the booking it was for and a Stripe reference (such as a customer or payment ID).
          </p>
          <h3>Information collected automatically</h3>
          <ul>
            <li><strong>A session cookie</strong> that keeps you signed in (see our <Link to="/cookie-policy">Cookie Policy</Link>).</li>
            <li><strong>Your browser’s time zone</strong>, in a cookie, so the times on our pages are shown in your zone before you sign in.</li>
            <li><strong>Your IP address</strong>, used briefly to protect sign-in and our forms against abuse (for example, limiting repeated wrong passwords), and in our servers’ security logs.</li>
            <li><strong>Basic technical details</strong> your browser sends with each request, such as its type and the page asked for.</li>
          </ul>
          <p>We do not use advertising trackers, we do not build advertising profiles and we do not sell or rent your personal information.</p>
        </>
      ),
    },
    {
      id: "how-we-use-it",
      heading: "How and why we use it",
      body: (
        <ul>
          <li><strong>To provide the service:</strong> create and secure your account, show guide profiles, arrange and remind you of sessions, pass messages, take payments and pay guides.</li>
          <li><strong>To keep the platform safe:</strong> verify guides before they are listed, prevent fraud and abuse, and enforce our <Link to="/terms-of-service">Terms of Service</Link>.</li>
          <li><strong>To support you:</strong> answer your questions and resolve problems with bookings or payments.</li>
          <li><strong>To tell you what you need to know:</strong> booking confirmations, receipts, security notices and changes to our terms. We send news or offers only if you ask for them, and every such message lets you stop them.</li>
          <li><strong>To meet legal duties:</strong> keep tax and accounting records and respond to lawful requests.</li>
          <li><strong>To improve the service:</strong> understand, in aggregate, which features are used, without tracking you across other sites.</li>
        </ul>
      ),
    },
    {
      id: "who-sees-it",
      heading: "Who can see your information",
      body: (
        <>
          <ul>
            <li><strong>Other members:</strong> a guide’s public profile (name, picture, title, organisation, biography, specialties, rates and reviews) is visible to everyone. A mentee’s profile is not public: a guide sees the name, profile and notes of the mentees who book them, and the messages exchanged with them.</li>
            <li><strong>Reviews</strong> you write are shown on the guide’s public profile with your name.</li>
            <li><strong>Our administrators</strong> can see account, booking, payment and support records to run the service and help you.</li>
          </ul>
          <p>We share information with the service providers below only as far as they need it to work for us, under contracts that require them to protect it:</p>
          <ul>
            <li>
              <strong>Stripe, Inc.</strong> processes card payments and pays guides through Stripe Connect. Stripe receives your card details, and a
              guide’s identity and bank details, directly and uses them under its own{" "}
              <a href="https://stripe.com/privacy" rel="noreferrer">Privacy Policy</a>, including to prevent fraud. When guides are paid is set out in
              our <Link to="/terms-of-service#payouts">Terms of Service</Link>.
            </li>
            <li><strong>Our hosting and database providers</strong>, which store the platform’s data on servers in the United States.</li>
            <li><strong>Our e-mail delivery provider</strong>, which sends account and booking e-mails.</li>
            <li><strong>Video hosts</strong> such as YouTube or Vimeo, when you choose to play a guide’s introduction video.</li>
          </ul>
          <p>
            We may disclose information when the law requires it, to protect someone’s safety, or as part of a merger or sale of the service (in which case
            this policy continues to protect it).
          </p>
        </>
      ),
    },
    {
      id: "retention",
      heading: "How long we keep it",
      body: (
        <ul>
          <li><strong>Your account and profile:</strong> for as long as your account is open.</li>
          <li><strong>When you delete your account:</strong> you can no longer sign in, your profile disappears from the site and your sessions end at once. We keep booking and payment records for seven years, because tax and accounting rules require it, and reviews remain attached to the sessions they describe. Ask us and we will erase or anonymise the rest of your personal information within 30 days, unless the law requires us to keep it.</li>
          <li><strong>Messages:</strong> for as long as the accounts in the conversation are open. Ask us and we will delete yours sooner.</li>
          <li><strong>Support questions:</strong> so that we can see earlier conversations when you write again. Ask us and we will delete them.</li>
          <li><strong>Security records:</strong> counters used to limit repeated attempts expire within an hour; server logs that include IP addresses are kept only as long as needed to investigate problems and abuse.</li>
        </ul>
      ),
    },
    {
      id: "your-rights",
      heading: "Your rights and choices",
      body: (
        <>
          <p>Whoever and wherever you are, you can ask us to:</p>
          <ul>
            <li><strong>Access</strong> the personal information we hold about you and receive a copy of it in a common format;</li>
            <li><strong>Correct</strong> information that is wrong or out of date (much of it you can change yourself in your dashboard’s profile and settings);</li>
            <li><strong>Delete</strong> your account and your personal information, subject to the records we must keep (see above);</li>
            <li><strong>Stop</strong> any optional e-mails.</li>
          </ul>
          <p>
            Residents of some states (for example California, Colorado, Connecticut, Virginia and Texas) have these and further rights under state law,
            such as to know what categories of information we collect and to appeal a decision we make about a request. We honour them for everyone.
            We do not sell personal information or share it for targeted advertising.
          </p>
          <p>
            To make a request, write to {mail} from the e-mail address of your account, or send it through the <Link to="/support">Support Center</Link>.
            We may ask you to confirm your identity, and we answer within 30 days. We will not treat you differently for using your rights.
          </p>
        </>
      ),
    },
    {
      id: "security",
      heading: "How we protect it",
      body: (
        <p>
          The site is served only over encrypted connections (HTTPS). Passwords are stored as strong one-way hashes, the session cookie holds only a random
          token, and our database keeps just a hash of it. Repeated failed sign-ins are limited, and staff access is restricted to administrators whose
          sessions end after a short time. No system is perfectly secure: if a breach affecting your information happens, we will tell you and the
          authorities as the law requires.
        </p>
      ),
    },
    {
      id: "children",
      heading: "Children",
      body: (
        <p>
          Ministry Mentors is for adults in ministry. You must be at least 18 to create an account, and we do not knowingly collect information from
          children under 13. If you believe a child has given us information, contact us and we will delete it.
        </p>
      ),
    },
    {
      id: "changes",
      heading: "Changes to this policy",
      body: (
        <p>
          When we change this policy we update the date at the top. If a change is significant, we will tell you by e-mail or in your dashboard before it
          takes effect.
        </p>
      ),
    },
    {
      id: "contact",
      heading: "Contact",
      body: (
        <p>
          For any privacy question or request, e-mail {mail} or use the <Link to="/support">Support Center</Link>.
        </p>
      ),
    },
  ];
}

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  return (
    <LegalPage
      title="Privacy Policy"
      updated="2026-11-30"
      intro={
        <p>
          This policy explains what personal information Ministry Mentors collects when you use our website and services, why we collect it, who helps us
          process it, how long we keep it and the choices you have. We collect only what we need to connect church leaders with mentors and to run the
          service safely.
        </p>
      }
      sections={sections(loaderData.supportEmail)}
      related={relatedTo("/privacy-policy")}
    />
  );
}
