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
  { name: "description", content: "Ministry Mentors uses one sign-in cookie and a short-lived notice cookie, and no advertising or analytics trackers." },
];

const cookies = [
  { name: "mm_session", purpose: "Keeps you signed in. It holds a random token, not your details.", lasts: "Until you sign out, or at most 30 days (12 hours for administrators)" },
  { name: "mm_toast", purpose: "Carries a one-time notice (such as “Question Sent”) to the next page you see.", lasts: "Removed as soon as the notice is shown" },
];

function sections(supportEmail: string): LegalSection[] {
  return [
    {
      id: "what-we-use",
      heading: "The cookies we set",
      body: (
        <>
          <p>
            We set only the cookies the site needs to work. Both are “first-party” (set by this site), sent only over HTTPS, and hidden from scripts on the
            page (HttpOnly).
          </p>
          <div className="mt-4 overflow-x-auto rounded-lg border border-slate-200">
            <table className="w-full min-w-[32rem] text-left text-sm">
              <caption className="sr-only">Cookies set by Ministry Mentors</caption>
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold">Name</th>
                  <th scope="col" className="px-4 py-3 font-semibold">Purpose</th>
                  <th scope="col" className="px-4 py-3 font-semibold">How long</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {cookies.map((cookie) => (
                  <tr key={cookie.name} className="align-top">
                    <td className="px-4 py-3 font-mono text-slate-900">{cookie.name}</td>
                    <td className="px-4 py-3">{cookie.purpose}</td>
                    <td className="px-4 py-3">{cookie.lasts}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ),
    },
    {
      id: "what-we-dont",
      heading: "What we don’t use",
      body: (
        <p>
          We do not use advertising cookies, cross-site tracking, social-media pixels or third-party analytics. We do not sell or share what you do on the
          site with advertisers. Because every cookie we set is strictly necessary, we do not show a cookie banner.
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
      intro={<p>Cookies are small text files a website stores in your browser. Ministry Mentors uses as few as possible: here is each one and why.</p>}
      sections={sections(loaderData.supportEmail)}
      related={relatedTo("/cookie-policy")}
    />
  );
}
