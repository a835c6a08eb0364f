import { Link } from "react-router";
import type { Route } from "./+types/cookie-policy";
import { LegalPage, relatedTo, type LegalSection } from "#app/components/legal/legal-page.tsx";
import { getPlatformSettings } from "#app/modules/settings/settings.server.ts";

export async function loader() {
  const { supportEmail } = await getPlatformSettings();
  return { supportEmail };
}

export const meta: Route.MetaFunction = () => [
  { title: "Cookie Policy · Ministry Mentors" },
  { name: "description", content: "Ministry Mentors uses a sign-in cookie, a one-time notice cookie and two time zone cookies, and no advertising or analytics trackers." },
];

const cookies = [
  { name: "mm_session", purpose: "Keeps you signed in. It holds a random token, not your details.", lasts: "Until you sign out, or at most 30 days (12 hours for administrators)" },
  { name: "mm_toast", purpose: "Carries a one-time notice (such as “Question Sent”) to the next page you see.", lasts: "Removed as soon as the notice is shown" },
  {
    name: "mm_tz",
    purpose: "Your browser’s time zone (such as America/Chicago), so every time on a page is shown in your zone from the moment it appears.",
    lasts: "A year; updated when your browser’s zone changes",
  },
  {
    name: "mm_tz_kept",
    purpose: "Set only if you choose “Keep” on the notice that your device is in another time zone than your account, so it is not shown again.",
    lasts: "A year",
  },
];

function sections(supportEmail: string): LegalSection[] {
  return [
    {
      id: "what-we-use",
      heading: "The cookies we set",
      body: (
        <>
          <p>
            We set only the cookies the site needs to work, and one that remembers a choice you make. All are “first-party” (set by this site) and sent
            only over HTTPS. The sign-in and notice cookies are hidden from scripts on the page (HttpOnly); the time zone cookies are written by the page
            itself and hold nothing but the names of time zones.
          </p>
          <dl className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200 text-sm">
            {cookies.map((cookie) => (
              <div key={cookie.name} className="grid gap-1 px-4 py-3 sm:grid-cols-[8rem_1fr] sm:gap-x-4">
                <dt className="font-mono text-slate-900">{cookie.name}</dt>
                <dd>
                  {cookie.purpose}
                  <span className="mt-1 block text-slate-600">How long: {cookie.lasts}</span>
                </dd>
              </div>
            ))}
          </dl>
        </>
      ),
    },
    {
      id: "what-we-dont",
      heading: "What we don’t use",
      body: (
        <p>
          We do not use advertising cookies, cross-site tracking, social-media pixels or third-party analytics. We do not sell or share what you do on the
          site with advertisers. No cookie of ours follows you to another site, so we do not show a cookie banner.
        </p>
      ),
    },
    {
      id: "third-parties",
      heading: "Other services you may meet",
      body: (
        <ul>
          <li>
            <strong>Payments:</strong> when you pay for a session, Stripe may set its own cookies on the payment step to prevent fraud. See{" "}
            <a href="https://stripe.com/cookie-settings" rel="noreferrer">Stripe’s cookie information</a>.
          </li>
          <li>
            <strong>Introduction videos:</strong> a guide’s video is hosted by YouTube or Vimeo, which may set cookies when you play it.
          </li>
        </ul>
      ),
    },
    {
      id: "control",
      heading: "Your choices",
      body: (
        <p>
          You can block or delete cookies in your browser’s settings. If you block the mm_session cookie you can still read the public pages, but you
          won’t be able to sign in. Questions? Write to <a href={`mailto:${supportEmail}`}>{supportEmail}</a>. How we handle personal information in
          general is in our <Link to="/privacy-policy">Privacy Policy</Link>.
        </p>
      ),
    },
  ];
}

export default function CookiePolicy({ loaderData }: Route.ComponentProps) {
  return (
    <LegalPage
      title="Cookie Policy"
      updated="2026-11-30"
      intro={<p>Cookies are small text files a website stores in your browser. Ministry Mentors uses as few as possible: here is each one and why.</p>}
      sections={sections(loaderData.supportEmail)}
      related={relatedTo("/cookie-policy")}
    />
  );
}
