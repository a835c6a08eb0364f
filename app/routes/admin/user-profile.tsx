import { Form, useParams } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { redirectWithSuccess } from "#app/lib/toast.server.ts";
import { setSponsorAdmin, sponsorAdminStatus } from "#app/modules/sponsorship/sponsorship.server.ts";
import type { Route } from "./+types/user-profile";
import { tabFrom, useProfileTab } from "#app/components/ui/link-tabs.tsx";
import { profileErrorBoundary, ProfileField, ProfileHeading, ProfileScreen, ProfileSection } from "#app/components/ui/profile-parts.tsx";
import { signedInUser } from "#app/lib/guards.server.ts";
import { parseOr400, recordParam, throwForScreen } from "#app/lib/http.server.ts";
import { z } from "zod";
import { adminLinks } from "#app/lib/admin-links.ts";
import { redirectPastLastPage } from "#app/lib/list-params.server.ts";
import type { ListResult } from "#app/lib/list.ts";
import { requireAccount } from "#app/modules/accounts/accounts.server.ts";
import { AuditHistory } from "#app/modules/audit/audit-history.tsx";
import { personHistory } from "#app/modules/audit/audit.server.ts";
import type { AuditRow } from "#app/modules/audit/types.ts";
import { TermsAcceptanceField } from "#app/modules/policies/terms-acceptance.tsx";
import type { TermsAcceptance } from "#app/modules/policies/policies.ts";
import { termsAcceptanceOf } from "#app/modules/policies/terms.server.ts";
import { specialtyLabel } from "#app/modules/users/schema.ts";
import { getUser, type UserDetail } from "#app/modules/users/users.server.ts";
import { listTabFailureText, profileTabs } from "#app/modules/users/profile-tabs.ts";
import { loadProfileTab } from "#app/modules/users/profile-tabs.server.ts";
import { ProfileTabPanel } from "#app/modules/users/profile-tab-panel.tsx";

const userList = adminLinks.users;

const tabs = profileTabs;
type Tab = (typeof tabs)[number]["id"];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  try {
    const id = recordParam(params.id, "User not found");
    const admin = signedInUser(context);
    const tab = tabFrom(url.search, tabs);
    // General Info shows the whole profile; a list tab only the user's name above the list.
    const user = tab === "general" ? await getUser(id, admin) : null;
    // After the profile, whose refusal ("User not found") is the one to show.
    const [terms, history, sponsor] = user ? await Promise.all([termsAcceptanceOf(id, admin), personHistory("user", id, admin), sponsorAdminStatus(id)]) : [null, null, null];
    const { name } = user ?? (await requireAccount("user", id));
    const person = { id, name };
    const list = await loadProfileTab(tab, { role: "user", id }, url, admin);
    if (list) redirectPastLastPage(url, list.state, list.meta);
    return { person, user, terms, history, list, sponsor };
  } catch (error) {
    throwForScreen(error);
  }
}

const sponsorAdminSchema = z.object({ intent: z.enum(["make-sponsor-admin", "remove-sponsor-admin"], { error: "Choose to make or remove a sponsor admin." }) });

/** "Make sponsor admin of <their organisation>" / remove (one audit row each). */
export async function action({ request, params, context }: Route.ActionArgs) {
  try {
    const id = recordParam(params.id, "User not found");
    const { intent } = parseOr400(sponsorAdminSchema, Object.fromEntries(await request.formData()));
    await setSponsorAdmin(signedInUser(context), id, intent === "make-sponsor-admin");
    const pathname = new URL(request.url).pathname;
    return redirectWithSuccess(pathname, { message: "Sponsorship Updated", description: intent === "make-sponsor-admin" ? "They now run their organisation's sponsorship." : "They no longer run their organisation's sponsorship." });
  } catch (error) {
    throwForScreen(error);
  }
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.person ? `${data.person.name} · User Profile · Ministry Mentors` : "User Profile · Ministry Mentors" },
];

function SponsorAdminForm({ sponsor }: { sponsor: { organisation: string; isAdmin: boolean } | null }) {
  if (!sponsor) return <p className="text-sm text-slate-600">Belongs to no organisation, so cannot run a sponsorship.</p>;
  return (
    <Form method="post" className="flex flex-wrap items-center gap-3">
      <p className="text-sm text-slate-700">{sponsor.isAdmin ? `Runs the sponsorship of ${sponsor.organisation}.` : `A member of ${sponsor.organisation}.`}</p>
      {sponsor.isAdmin ? (
        <Button type="submit" name="intent" value="remove-sponsor-admin" variant="secondary" size="sm">Remove as sponsor admin of {sponsor.organisation}</Button>
      ) : (
        <Button type="submit" name="intent" value="make-sponsor-admin" size="sm">Make sponsor admin of {sponsor.organisation}</Button>
      )}
    </Form>
  );
}

function GeneralInfo({ user, terms, history, sponsor }: { user: UserDetail; terms: TermsAcceptance; history: ListResult<AuditRow>; sponsor: { organisation: string; isAdmin: boolean } | null }) {
  return (
    <div className="grid gap-6">
      <ProfileHeading imageId={user.imageId} name={user.name} subtitle={user.email} />
      <div className="grid gap-6 lg:grid-cols-2">
        <ProfileSection title="Personal Information">
          <dl className="grid gap-4 sm:grid-cols-2">
            <ProfileField label="Full Name" value={user.name} />
            <ProfileField label="Email" value={user.email} />
            <ProfileField label="Job Title" value={user.title} />
            <ProfileField label="Church or Organisation" value={user.organisation} />
            <ProfileField label="Education" value={user.education} />
            <ProfileField label="Specialties" value={user.specialties.map(specialtyLabel).join(", ")} />
            <ProfileField label="Bio" value={user.bio} wide />
            <TermsAcceptanceField acceptance={terms} />
          </dl>
        </ProfileSection>
        <ProfileSection title="Experience">
          <dl className="grid gap-4">
            <ProfileField label="Experience" value={user.experience} />
          </dl>
        </ProfileSection>
        <ProfileSection title="Education Background">
          <dl className="grid gap-4">
            <ProfileField label="Education" value={user.education} />
          </dl>
        </ProfileSection>
        <ProfileSection title="Share Your Journey">
          <dl className="grid gap-4">
            <ProfileField label="Challenges" value={user.challenges} />
          </dl>
        </ProfileSection>
        <ProfileSection title="Sponsorship">
          <SponsorAdminForm sponsor={sponsor} />
        </ProfileSection>
      </div>
      <AuditHistory kind="user" id={user.id} history={history} />
    </div>
  );
}

const loadingText: Record<Tab, string> = {
  general: "Loading profile...",
  payment: "Loading payment records...",
  review: "Loading reviews...",
  booking: "Loading bookings...",
};

export default function UserProfile({ loaderData }: Route.ComponentProps) {
  const { person, user, terms, history, list, sponsor } = loaderData;
  const { tab, shown } = useProfileTab(tabs, list);
  const personId = Number(useParams().id);
  let panel: React.ReactNode = null;
  if (tab === "general" && user && terms && history) panel = <GeneralInfo user={user} terms={terms} history={history} sponsor={sponsor ?? null} />;
  else if (shown) panel = <ProfileTabPanel role="user" personId={personId} list={shown} />;
  return <ProfileScreen title="User Profile" name={person.name} closeHref={userList} tabs={tabs} active={tab} label="User profile" loadingText={loadingText} panel={panel} />;
}

const failureText: Record<Tab, (message: string | undefined) => string> = {
  general: (message) => `Failed to fetch user: ${message ?? "Unknown error"}`,
  ...listTabFailureText,
};

export const ErrorBoundary = profileErrorBoundary({
  title: "User Profile",
  notFoundText: "User not found",
  tabs,
  failureText,
  backHref: userList,
  backLabel: "Back to the user list",
});
