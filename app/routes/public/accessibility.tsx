import { Link } from "react-router";
import type { Route } from "./+types/accessibility";
import { LegalPage, relatedTo, type LegalSection } from "#app/components/legal/legal-page.tsx";
import { getPlatformSettings } from "#app/modules/settings/settings.server.ts";

export async function loader() {
  const { supportEmail } = await getPlatformSettings();
  return { supportEmail };
}

export const meta: Route.MetaFunction = () => [
  { title: "Accessibility · Ministry Mentors" },
  { name: "description", content: "Our commitment to WCAG 2.2 AA, what works today, the limitations we know of, and how to tell us about a barrier." },
];

function sections(supportEmail: string): LegalSection[] {
  return [
    {
      id: "goal",
      heading: "Our goal",
      body: (
        <p>
          We aim to meet the <a href="https://www.w3.org/TR/WCAG22/" rel="noreferrer">Web Content Accessibility Guidelines (WCAG) 2.2</a> at level AA
          across the whole site: the public pages, sign-in, booking and every dashboard. We check pages with a keyboard and with automated accessibility tests,
          on screens from a 390-pixel-wide phone to a wide desktop.
        </p>
      ),
    },
    {
      id: "what-works",
      heading: "What you can expect",
      body: (
        <ul>
          <li>Every page can be used with a keyboard alone, with a visible focus outline and a “Skip to content” link.</li>
          <li>Pages use headings, landmarks and labelled form fields, so screen readers can find their way; form errors are announced and shown beside their field.</li>
          <li>Text and controls meet AA colour contrast, and pages still work when text is zoomed to 200%.</li>
          <li>Forms, search and lists work without JavaScript, and nothing moves or flashes on its own.</li>
        </ul>
      ),
    },
    {
      id: "limitations",
      heading: "Known limitations",
      body: (
        <ul>
          <li><strong>Guide videos</strong> are uploaded by guides and hosted by YouTube or Vimeo. Not all of them have captions yet; we ask every guide to add them.</li>
          <li><strong>Pictures</strong> that members upload (profile photos and some post covers) have no written description; they are decorative, and the person’s name or the post’s title is always given in text.</li>
          <li><strong>Documents</strong> in the resource library (PDFs) come from many authors and may not all be tagged for screen readers. Ask us and we will send an accessible version.</li>
          <li><strong>The payment step</strong> is provided by Stripe, which maintains its own accessibility.</li>
        </ul>
      ),
    },
    {
      id: "report",
      heading: "Tell us about a barrier",
      body: (
        <>
          <p>If something on the site is hard or impossible for you to use, please tell us. Include the page address and what happened, and, if you can, your device, browser and any assistive technology.</p>
          <ul>
            <li>E-mail <a href={`mailto:${supportEmail}?subject=${encodeURIComponent("Accessibility problem")}`}>{supportEmail}</a> with “Accessibility” in the subject, or</li>
            <li>send a question through the <Link to="/support">Support Center</Link>.</li>
          </ul>
          <p>We reply within two working days, and we will help you complete what you were trying to do (for example, book a session) while we fix the problem.</p>
        </>
      ),
    },
  ];
}

export default function Accessibility({ loaderData }: Route.ComponentProps) {
  return (
    <LegalPage
      title="Accessibility"
      updated="2026-11-28"
      intro={<p>Ministry Mentors should be usable by every pastor and ministry leader, whatever their abilities and whatever device they use.</p>}
      sections={sections(loaderData.supportEmail)}
      related={relatedTo("/accessibility")}
    />
  );
}
