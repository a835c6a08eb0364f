import { isRouteErrorResponse, Link, useLocation, useOutlet } from "react-router";
import type { Route } from "./+types/mentor-profile";
import { Stars } from "#app/components/ui/stars.tsx";
import { currentUser } from "#app/lib/guards.server.ts";
import { badRequest, notFound, throwForScreen } from "#app/lib/http.server.ts";
import { parseId } from "#app/lib/id.ts";
import { authLinks } from "#app/lib/links.ts";
import { siteOrigin } from "#app/lib/request-info.server.ts";
import { getMentorProfile } from "#app/modules/mentor-profile/mentor-profile.server.ts";
import { Chips, Day, FreeTimes, RatingSummary, ReviewList, Section } from "#app/modules/mentor-profile/profile-parts.tsx";
import { REVIEWS_PAGE_PARAM, priceText, profileDescription } from "#app/modules/mentor-profile/schema.ts";
import { lengthPrice } from "#app/modules/schedule/prices.ts";
import { VideoIntro } from "#app/modules/mentor-profile/video-intro.tsx";
import { SaveMentorToggle } from "#app/modules/saved-mentors/save-toggle.tsx";
import { savedAmong } from "#app/modules/saved-mentors/saved-mentors.server.ts";
import { ErrorReference } from "#app/components/ui/error-reference.tsx";

/** GET /mentor/{id}: a live guide's public profile; anyone else (or a malformed id) is the site's 404. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  try {
    const id = parseId(params.id);
    if (id === null) throw notFound("This mentor's profile could not be found.");
    const pageText = new URL(request.url).searchParams.get(REVIEWS_PAGE_PARAM);
    const reviewsPage = pageText === null || pageText === "" ? 1 : parseId(pageText);
    if (reviewsPage === null) throw badRequest(`Invalid ${REVIEWS_PAGE_PARAM}: expected a positive whole number`);
    const profile = await getMentorProfile(id, { reviewsPage });
    const viewer = context.get(currentUser);
    const saved = (await savedAmong(viewer, [profile.id])).length > 0;
    return {
      profile,
      saved,
      origin: siteOrigin(request, context),
      viewer: viewer ? (viewer.role === "user" ? "mentee" : "other") : "signedOut",
    } as const;
  } catch (error) {
    throwForScreen(error);
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: "Page not found · Ministry Mentors" }, { name: "robots", content: "noindex" }];
  const { profile, origin } = loaderData;
  const title = `${profile.name}${profile.title ? `, ${profile.title}` : ""} · Mentor · Ministry Mentors`;
  const description = profileDescription(profile);
  return [
    { title },
    { name: "description", content: description },
    { property: "og:type", content: "profile" },
    { property: "og:site_name", content: "Ministry Mentors" },
    { property: "og:title", content: `${profile.name} · Ministry Mentors` },
    { property: "og:description", content: description },
    { property: "og:url", content: `${origin}/mentor/${profile.id}` },
    ...(profile.imageId ? [{ property: "og:image", content: `${origin}/images/${profile.imageId}` }] : []),
    { name: "twitter:card", content: "summary" },
  ];
};

const bookClass =
  "inline-flex h-12 w-full items-center justify-center whitespace-nowrap rounded-lg bg-brand-600 px-6 text-base font-semibold text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500";

type Viewer = "signedOut" | "mentee" | "other";

/** Where booking leads (`choice`: a time already chosen): a mentee, to the booking dialog; signed out, to sign in and back there. */
function bookingHref(viewer: Viewer, profileId: number, choice?: URLSearchParams) {
  const dialog = `/mentor/${profileId}/book${choice ? `?${choice}` : ""}`;
  if (viewer === "other") return null;
  return viewer === "mentee" ? dialog : `${authLinks.login}?${new URLSearchParams({ redirectTo: dialog })}`;
}

/** "Book a session": signed out, to sign in (or sign up) and back here; a mentee, to the booking dialog. */
function BookAction({ viewer, profileId, compact = false }: { viewer: Viewer; profileId: number; compact?: boolean }) {
  const href = bookingHref(viewer, profileId);
  if (href === null) {
    return compact ? null : <p className="text-sm text-slate-600">Sessions are booked by mentees. Sign in with a mentee account to book.</p>;
  }
  if (viewer === "mentee") {
    return <Link to={href} preventScrollReset className={bookClass}>Book a session</Link>;
  }
  const redirect = new URLSearchParams({ redirectTo: `/mentor/${profileId}/book` }).toString();
  return (
    <div className="grid gap-2">
      <Link to={href} className={bookClass}>Book a session</Link>
      {compact ? null : (
        <p className="text-center text-sm text-slate-600">
          Sign in to book.{" "}
          <Link to={`${authLinks.signup}?${redirect}`} className="font-medium text-brand-700 underline underline-offset-2">New here? Create an account</Link>
        </p>
      )}
    </div>
  );
}

export default function MentorProfilePage({ loaderData }: Route.ComponentProps) {
  const { profile, viewer, saved } = loaderData;
  const { pathname } = useLocation();
  // The booking dialog (a child route) when it is open.
  const dialog = useOutlet();
  const price = priceText(profile);
  const facts = [
    { label: "Experience", value: `${profile.experienceYears} ${profile.experienceYears === 1 ? "year" : "years"}` },
    { label: "Category", value: profile.category },
    { label: "Languages", value: profile.languages.join(", ") || null },
  ];
  return (
    <div className="bg-slate-50 pb-24 lg:pb-0">
      <div className="bg-gradient-to-b from-brand-50 to-slate-50">
        <div className="mx-auto max-w-6xl px-4 pt-8 sm:px-6">
          <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
            <Link to="/search" className="hover:text-brand-700 hover:underline">Find a Mentor</Link>
            <span aria-hidden> / </span>
            <span aria-current="page">{profile.name}</span>
          </nav>
          <header className="relative mt-6 flex flex-col gap-6 sm:flex-row sm:items-center">
            <img
              src={profile.imageId ? `/images/${profile.imageId}` : "/images/default"}
              alt={`Photo of ${profile.name}`}
              width={144}
              height={144}
              fetchPriority="high"
              className="size-28 shrink-0 rounded-full bg-brand-100 object-cover ring-4 ring-white shadow-md sm:size-36"
            />
            <div className="min-w-0">
              {profile.category ? <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{profile.category}</p> : null}
              <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{profile.name}</h1>
              {profile.title || profile.organisation ? (
                <p className="mt-2 text-lg text-slate-700">
                  {profile.title}
                  {profile.title && profile.organisation ? <span className="text-slate-400"> · </span> : null}
                  {profile.organisation}
                </p>
              ) : null}
              <p className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
                <span>{profile.experienceYears} {profile.experienceYears === 1 ? "year" : "years"} of experience</span>
                {profile.rating.count ? (
                  <a href="#reviews" className="inline-flex items-center gap-1.5 hover:underline">
                    <Stars rating={profile.rating.average} />
                    <span>{profile.rating.average.toFixed(1)} ({profile.rating.count} {profile.rating.count === 1 ? "review" : "reviews"})</span>
                  </a>
                ) : (
                  <span>No reviews yet</span>
                )}
              </p>
              <SaveMentorToggle guideId={profile.id} guideName={profile.name} saved={saved} viewer={viewer} className="mt-4" />
            </div>
          </header>
        </div>
      </div>

      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <aside aria-label="Booking" className="grid gap-6 lg:sticky lg:top-6 lg:col-start-2 lg:row-start-1">
          <section aria-labelledby="price-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 id="price-heading" className="text-sm font-medium text-slate-600">Price</h2>
            <p className="mt-1 text-2xl font-bold text-slate-900" data-testid="price">{price}</p>
            {!profile.payWhatYouWant && profile.lengths.length > 1 ? (
              <ul aria-label="Session lengths and prices" className="mt-2 grid gap-1 text-sm text-slate-700">
                {profile.lengths.map((length) => <li key={length.minutes}>{lengthPrice(length)}</li>)}
              </ul>
            ) : null}
            <div className="mt-4"><BookAction viewer={viewer} profileId={profile.id} /></div>
            <dl className="mt-6 grid gap-3 border-t border-slate-100 pt-4 text-sm">
              {facts.map((fact) => (
                <div key={fact.label} className="flex justify-between gap-4">
                  <dt className="text-slate-600">{fact.label}</dt>
                  <dd className="text-right font-medium text-slate-900">{fact.value ?? "N/A"}</dd>
                </div>
              ))}
            </dl>
          </section>
          <FreeTimes
            times={profile.freeTimes}
            bookHref={(time) => bookingHref(viewer, profile.id, new URLSearchParams({ minutes: String(time.durationMinutes), start: time.startsAt }))}
          />
        </aside>

        <div className="grid min-w-0 gap-6 lg:col-start-1 lg:row-start-1">
          <Section id="about" title={`About ${profile.name}`}>
            <p className="whitespace-pre-line text-slate-700">{profile.bio || "N/A"}</p>
            {profile.recentSuccess ? (
              <div className="mt-5 rounded-xl bg-accent-400/10 p-4">
                <h3 className="text-sm font-semibold text-slate-900">Recent success</h3>
                <p className="mt-1 text-slate-700">{profile.recentSuccess}</p>
              </div>
            ) : null}
          </Section>

          {profile.video ? (
            <Section id="video" title="Video introduction">
              <VideoIntro video={profile.video} name={profile.name} />
            </Section>
          ) : null}

          <Section id="expertise" title="Specialties and expertise">
            <div className="grid gap-5">
              <div>
                <h3 className="mb-2 text-sm font-semibold text-slate-700">Specialties</h3>
                {profile.specialties.length ? <Chips items={profile.specialties} label="Specialties" /> : <p className="text-sm text-slate-600">N/A</p>}
              </div>
              <div>
                <h3 className="mb-2 text-sm font-semibold text-slate-700">Areas of expertise</h3>
                {profile.expertise.length ? <Chips items={profile.expertise} label="Areas of expertise" /> : <p className="text-sm text-slate-600">N/A</p>}
              </div>
              <div className="grid gap-5 sm:grid-cols-2">
                <div>
                  <h3 className="mb-2 text-sm font-semibold text-slate-700">Languages</h3>
                  <p className="text-slate-700">{profile.languages.join(", ") || "N/A"}</p>
                </div>
                <div>
                  <h3 className="mb-2 text-sm font-semibold text-slate-700">Education</h3>
                  {profile.education.length ? (
                    <ul className="list-inside list-disc text-slate-700">
                      {profile.education.map((entry) => <li key={entry}>{entry}</li>)}
                    </ul>
                  ) : <p className="text-slate-700">N/A</p>}
                </div>
              </div>
            </div>
          </Section>

          {profile.content.length ? (
            <Section id="published-content" title="Published content">
              <ul className="divide-y divide-slate-100">
                {profile.content.map((item) => (
                  <li key={item.id} className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between">
                    <div className="min-w-0">
                      {item.url ? (
                        <a href={item.url} target="_blank" rel="noreferrer" className="font-medium text-brand-700 hover:underline">
                          {item.title}<span className="sr-only"> (opens in a new tab)</span>
                        </a>
                      ) : (
                        <span className="font-medium text-slate-900">{item.title}</span>
                      )}
                      <p className="text-sm capitalize text-slate-600">{item.type}</p>
                    </div>
                    <p className="shrink-0 text-sm text-slate-500"><Day value={item.publishedDate.slice(0, 10)} /></p>
                  </li>
                ))}
              </ul>
            </Section>
          ) : null}

          <Section id="reviews" title="Reviews">
            <RatingSummary rating={profile.rating} />
            {profile.reviews.items.length ? <ReviewList reviews={profile.reviews} pathname={pathname} /> : null}
          </Section>
        </div>
      </div>

      {dialog}
      {/* The phone's "Book a session" bar, gone while the booking dialog is open over the page. */}
      {viewer === "other" || dialog ? null : (
        <div className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgba(15,23,42,0.08)] backdrop-blur lg:hidden">
          <div className="mx-auto flex max-w-6xl items-center gap-4">
            {/* The price wraps where the phone is narrow; "Book a session" keeps its one line. */}
            <p className="min-w-0 flex-1 text-sm font-semibold text-slate-900">{price}</p>
            <div className="shrink-0"><BookAction viewer={viewer} profileId={profile.id} compact /></div>
          </div>
        </div>
      )}
    </div>
  );
}

/** An unknown, malformed or not-live mentor: the site's "Page not found", inside the public layout. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const is404 = isRouteErrorResponse(error) && error.status === 404;
  const title = is404 ? "Page not found" : isRouteErrorResponse(error) ? `Error ${error.status}` : "Something went wrong";
  const message =
    isRouteErrorResponse(error) && typeof error.data?.message === "string" ? error.data.message : "An unexpected error occurred. Please try again.";
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center justify-center gap-4 px-6 py-24 text-center">
      <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
      <p className="text-slate-600">{message}</p>
      <p className="flex flex-wrap justify-center gap-6">
        <Link to="/search" className="text-brand-700 underline">Find a Mentor</Link>
        <a href="/" className="text-brand-700 underline">Go to the home page</a>
      </p>
      <ErrorReference />
    </section>
  );
}
