import { Link, useParams } from "react-router";
import type { Route } from "./+types/guide-profile";
import { tabFrom, useProfileTab, type LinkTab } from "#app/components/ui/link-tabs.tsx";
import { profileErrorBoundary, ProfileField, ProfileHeading, ProfileScreen, ProfileSection } from "#app/components/ui/profile-parts.tsx";
import { formatPhone } from "#app/lib/phone.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { recordParam, throwForScreen } from "#app/lib/http.server.ts";
import { parseId } from "#app/lib/id.ts";
import { adminLinks } from "#app/lib/admin-links.ts";
import { parseScreenList, redirectPastLastPage } from "#app/lib/list-params.server.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { requireAccount } from "#app/modules/accounts/accounts.server.ts";
import { getGuide, type GuideDetails } from "#app/modules/guides/guides.server.ts";
import { PublishedContentTable } from "#app/modules/published-content/content-table.tsx";
import { getPublishedContent, listPublishedContent } from "#app/modules/published-content/published-content.server.ts";
import { publishedContentList } from "#app/modules/published-content/schema.ts";
import { TermsAcceptanceField } from "#app/modules/policies/terms-acceptance.tsx";
import type { TermsAcceptance } from "#app/modules/policies/policies.ts";
import { termsAcceptanceOf } from "#app/modules/policies/terms.server.ts";
import type { ListResult } from "#app/lib/list.ts";
import { AuditHistory } from "#app/modules/audit/audit-history.tsx";
import { personHistory } from "#app/modules/audit/audit.server.ts";
import type { AuditRow } from "#app/modules/audit/types.ts";
import { mentorNoShowCount } from "#app/modules/bookings/problems.server.ts";
import { specialtyLabel } from "#app/modules/users/schema.ts";
import { listTabFailureText, profileTabs } from "#app/modules/users/profile-tabs.ts";
import { loadProfileTab } from "#app/modules/users/profile-tabs.server.ts";
import { ProfileTabPanel } from "#app/modules/users/profile-tab-panel.tsx";

const guideList = adminLinks.guides;

const tabs = [...profileTabs, { id: "content", label: "Publish Content" }] as const satisfies readonly LinkTab<string>[];
type Tab = (typeof tabs)[number]["id"];

/** Publish Content, the tab only a guide's profile has; the other lists are every profile's (loadProfileTab). */
async function loadContentTab(guideId: number, url: URL, admin: SessionUser) {
  const { state } = parseScreenList(publishedContentList, url);
  const view = parseId(url.searchParams.get("view"));
  const viewing = view ? await getPublishedContent(view, { guideId }, admin).catch(() => null) : null;
  return { tab: "content", state, viewing, ...(await listPublishedContent(state, { guideId }, admin)) } as const;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (params.id === undefined) return { person: null, guide: null, terms: null, noShows: 0, history: null, list: null };
  const url = new URL(request.url);
  try {
    const id = recordParam(params.id, "Guide not found");
    const admin = signedInUser(context);
    const tab = tabFrom(url.search, tabs);
    // General Info shows the whole profile; a list tab only the guide's name above the list.
    const profile = tab === "general" ? await getGuide(id, admin) : null;
    const guide = profile && { ...profile, phone: formatPhone(profile.phone) };
    // After the profile, whose refusal ("Guide not found") is the one to show.
    const [terms, noShows, history] = guide
      ? await Promise.all([termsAcceptanceOf(id, admin), mentorNoShowCount(id), personHistory("guide", id, admin)])
      : [null, 0, null];
    const { name } = guide ?? (await requireAccount("guide", id));
    const person = { id, name };
    const list = tab === "content" ? await loadContentTab(id, url, admin) : await loadProfileTab(tab, { role: "guide", id }, url, admin);
    if (list) redirectPastLastPage(url, list.state, list.meta);
    return { person, guide, terms, noShows, history, list };
  } catch (error) {
    throwForScreen(error);
  }
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.person ? `${data.person.name} · Guide Profile · Ministry Mentors` : "Guide Profile · Ministry Mentors" },
];

const years = (n: number) => `${n} ${n === 1 ? "year" : "years"}`;
const joined = (items: string[]) => (items.length ? items.join(", ") : null);

function GeneralInfo({ guide, terms, noShows, history }: { guide: GuideDetails; terms: TermsAcceptance; noShows: number; history: ListResult<AuditRow> }) {
  return (
    <div className="grid gap-6">
      <ProfileHeading imageId={guide.imageId} name={guide.name} subtitle={[guide.title, guide.organisation].filter(Boolean).join(" · ") || "N/A"} />
      <div className="grid gap-6 lg:grid-cols-2">
        <ProfileSection title="Personal Information">
          <dl className="grid gap-4 sm:grid-cols-2">
            <ProfileField label="Full Name" value={guide.name} />
            <ProfileField label="Email" value={guide.email} />
            <ProfileField label="Phone" value={guide.phone} />
            <ProfileField label="Education" value={joined(guide.education)} />
            <ProfileField label="Languages" value={joined(guide.languages)} fallback="None" />
            <TermsAcceptanceField acceptance={terms} />
          </dl>
        </ProfileSection>
        <ProfileSection title="Professional Details">
          <dl className="grid gap-4 sm:grid-cols-2">
            <ProfileField label="Job Title" value={guide.title} />
            <ProfileField label="Church or Organisation" value={guide.organisation} />
            <ProfileField label="Years of Experience" value={years(guide.experience)} />
            <ProfileField label="Missed sessions (upheld reports)" value={String(noShows)} />
          </dl>
        </ProfileSection>
        <ProfileSection title="Background and Expertise">
          <dl className="grid gap-4">
            <ProfileField label="Bio" value={guide.bio} />
            <ProfileField label="Specialties" value={joined(guide.specialties.map(specialtyLabel))} />
            <ProfileField label="Areas of Expertise" value={joined(guide.expertise)} />
          </dl>
        </ProfileSection>
        <ProfileSection title="Additional Details">
          <dl className="grid gap-4">
            <ProfileField label="Category" value={guide.category} />
            <ProfileField label="Recent Success" value={guide.recentSuccess} />
            <ProfileField
              label="Video Introduction"
              value={
                guide.videoUrl ? (
                  <a href={guide.videoUrl} target="_blank" rel="noopener noreferrer" className="break-all text-brand-700 underline">
                    {guide.videoUrl}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                ) : null
              }
            />
          </dl>
        </ProfileSection>
      </div>
      <AuditHistory kind="guide" id={guide.id} history={history} />
    </div>
  );
}

const loadingText: Record<Tab, string> = {
  general: "Loading profile...",
  payment: "Loading payments...",
  review: "Loading reviews...",
  booking: "Loading bookings...",
  content: "Loading content...",
};

function Profile({
  person,
  guide,
  terms,
  noShows,
  history,
  list,
}: {
  person: { name: string };
  guide: GuideDetails | null;
  terms: TermsAcceptance | null;
  noShows: number;
  history: ListResult<AuditRow> | null;
  list: NonNullable<Route.ComponentProps["loaderData"]["list"]> | null;
}) {
  const { tab, shown } = useProfileTab(tabs, list);
  const personId = Number(useParams().id);
  let panel: React.ReactNode = null;
  if (tab === "general" && guide && terms && history) panel = <GeneralInfo guide={guide} terms={terms} noShows={noShows} history={history} />;
  else if (shown?.tab === "content") {
    panel = <PublishedContentTable items={shown.data} meta={shown.meta} state={shown.state} list={publishedContentList} viewing={shown.viewing} exportList={{ name: "guide-content", personId }} />;
  } else if (shown) panel = <ProfileTabPanel role="guide" personId={personId} list={shown} />;
  return <ProfileScreen title="Guide Profile" name={person.name} closeHref={guideList} tabs={tabs} active={tab} label="Guide profile" loadingText={loadingText} panel={panel} />;
}

export default function GuideProfile({ loaderData }: Route.ComponentProps) {
  const { person, guide, terms, list } = loaderData;
  if (!person) {
    return (
      <div className="mx-auto max-w-6xl">
        <h1 className="mb-6 text-2xl font-bold text-slate-900">Guide Profile</h1>
        <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <p className="text-slate-700">Choose a guide from the guide list.</p>
          <Link to={guideList} className="mt-3 inline-block font-medium text-brand-700 underline underline-offset-2">Go to the guide list</Link>
        </div>
      </div>
    );
  }
  return <Profile person={person} guide={guide} terms={terms} noShows={loaderData.noShows} history={loaderData.history} list={list} />;
}

const failureText: Record<Tab, (message: string | undefined) => string> = {
  general: (message) => `Failed to load the guide: ${message ?? "Unknown error"}`,
  ...listTabFailureText,
  content: (message) => `Error: ${message ?? "Failed to load content"}`,
};

export const ErrorBoundary = profileErrorBoundary({
  title: "Guide Profile",
  notFoundText: "Guide not found",
  tabs,
  failureText,
  backHref: guideList,
  backLabel: "Back to the guide list",
});
