/**
 * The public mentor profile (/mentor/{id}), the sitemap, robots.txt and canonical links: real Requests through
 * the built app against the real database.
 */
import { faker } from "@faker-js/faker";
import { beforeAll, describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { publicReviewsSql } from "#app/modules/mentor-profile/mentor-profile.server.ts";
import { videoEmbedFor } from "#app/modules/mentor-profile/video.ts";
import { blocksFor } from "#app/modules/schedule/blocks.ts";
import { createPerson, send, signIn } from "#tests/app.ts";
import { expectReadInIndexOrder } from "#tests/support/query-plans.ts";

const text = async (response: Response) =>
  (await response.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").replaceAll("&amp;", "&").replaceAll("&quot;", '"');
const word = () => faker.string.alpha({ length: 8, casing: "lower" });
const capital = (value: string) => value[0].toUpperCase() + value.slice(1);
const DAY = 24 * 60 * 60 * 1000;
/** The UTC date `days` from today, and 10:00 UTC on it. */
const dateIn = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
const tenOn = (days: number) => new Date(`${dateIn(days)}T10:00:00.000Z`);

/** The content of `<meta property|name="key" content="…">` in a page, or null. */
function metaOf(html: string, key: string) {
  const tag = html.match(new RegExp(`<meta[^>]*(?:property|name)="${key.replace(".", "\\.")}"[^>]*>`))?.[0];
  return tag?.match(/content="([^"]*)"/)?.[1] ?? null;
}
const canonicalOf = (html: string) => html.match(/<link rel="canonical" href="([^"]*)"/)?.[1] ?? null;

type GuideOptions = Partial<{ isVerified: boolean; status: string; isDeleted: boolean; videoUrl: string | null; payWhatYouWant: boolean; imageId: string }>;

/** A guide with every public field filled in (all names carry a unique word). */
async function createGuide(options: GuideOptions = {}) {
  const tag = capital(word());
  const guide = await createPerson("guide", {
    name: `Miriam ${tag}`,
    organisation: `Grace Church ${tag}`,
    isVerified: options.isVerified ?? true,
    status: options.status ?? "active",
  });
  await prisma.user.update({
    where: { id: guide.id },
    data: {
      title: "Lead Pastor",
      bio: `Thirty years of pastoring ${tag}.`,
      isDeleted: options.isDeleted ?? false,
      ...(options.imageId ? { imageId: options.imageId } : {}),
      specialties: { create: [{ code: "pastoralCare" }, { code: "churchGrowth" }] },
    },
  });
  await prisma.guideProfile.create({
    data: {
      userId: guide.id,
      experienceYears: 17,
      category: "Senior Pastors",
      recentSuccess: `Planted a campus ${tag}`,
      videoUrl: options.videoUrl === undefined ? "https://www.youtube.com/watch?v=dQw4w9WgXcQ" : options.videoUrl,
      payWhatYouWant: options.payWhatYouWant ?? false,
      hourlyRateCents: 9550,
      education: JSON.stringify(["M.Div., Fuller Seminary", "B.A. History"]),
      expertise: JSON.stringify(["Succession planning", "Elder boards"]),
      languages: { create: [{ language: "English", position: 0 }, { language: "Spanish", position: 1 }] },
    },
  });
  return { ...guide, tag };
}

async function addReview(guideId: number, data: { rating: number; content: string; createdAt: Date; date?: string; mentorResponse?: string; author?: string }) {
  const author = await createPerson("user", { name: data.author ?? `Reviewer ${capital(word())}` });
  return prisma.review.create({
    data: { authorId: author.id, guideId, rating: data.rating, content: data.content, createdAt: data.createdAt, date: data.date, mentorResponse: data.mentorResponse },
  });
}

describe("the mentor profile shows every public field", () => {
  let guide: Awaited<ReturnType<typeof createGuide>>;
  let html: string;
  let response: Response;
  const now = Date.now();

  beforeAll(async () => {
    guide = await createGuide();
    await prisma.publishedContent.createMany({
      data: [
        { guideId: guide.id, title: "Leading through change", url: "https://example.com/change", type: "article", publishedDate: new Date("2025-03-04T00:00:00Z") },
        { guideId: guide.id, title: "Sermon on hope", url: "javascript:alert(1)", type: "sermon", publishedDate: new Date("2024-11-20T00:00:00Z") },
      ],
    });
    await addReview(guide.id, { rating: 5, content: "Wise and kind counsel.", createdAt: new Date(now - 2 * DAY), date: "2025-05-01", author: "Hannah Lee", mentorResponse: "Thank you, Hannah!" });
    await addReview(guide.id, { rating: 4, content: "Helped our elders.", createdAt: new Date(now - 3 * DAY), date: "0000-00-00", author: "Peter Quill" });
    // Free times come from the guide's rules (app/modules/schedule): 45 minutes is their shortest length, and four
    // dates each open 10:00–10:45 UTC: two free in the future, one claimed by a booking, one past.
    await prisma.sessionOption.createMany({ data: [{ guideId: guide.id, minutes: 45, priceCents: 7000 }, { guideId: guide.id, minutes: 60, priceCents: 9550 }] });
    await prisma.availabilityOverride.createMany({
      data: [2, 3, 4, -1].map((days) => ({ guideId: guide.id, date: dateIn(days), startTime: "10:00", endTime: "10:45" })),
    });
    const mentee = await createPerson("user");
    const booking = await prisma.booking.create({ data: { userId: mentee.id, guideId: guide.id, topic: "Taken", startsAt: tenOn(4), durationMinutes: 45 } });
    await prisma.timeClaim.createMany({ data: blocksFor(tenOn(4), 45, 0).map((blockStart) => ({ guideId: guide.id, blockStart, bookingId: booking.id })) });
    response = await send(`/mentor/${guide.id}`);
    html = await text(response);
  });

  test("200 with name, title, organisation, experience, category, bio and recent success", () => {
    expect(response.status).toBe(200);
    expect(html).toContain(`<h1 class="mt-1 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Miriam ${guide.tag}</h1>`);
    expect(html).toContain("Lead Pastor");
    expect(html).toContain(`Grace Church ${guide.tag}`);
    expect(html).toContain("17 years of experience");
    expect(html).toContain("Senior Pastors");
    expect(html).toContain(`Thirty years of pastoring ${guide.tag}.`);
    expect(html).toContain(`Planted a campus ${guide.tag}`);
  });

  test("the default photo when there is none", () => {
    expect(html).toMatch(/<img src="\/images\/default" alt="Photo of Miriam [A-Za-z]+"/);
  });

  test("specialties by label, expertise, languages and education", () => {
    expect(html).toContain("Church Growth");
    expect(html).toContain("Pastoral Care");
    expect(html).not.toContain("pastoralCare");
    expect(html).toContain("Succession planning");
    expect(html).toContain("Elder boards");
    expect(html).toContain("English, Spanish");
    expect(html).toContain("M.Div., Fuller Seminary");
    expect(html).toContain("B.A. History");
  });

  test("the video introduction as a click-to-play facade of youtube-nocookie", () => {
    expect(html).toContain('data-embed="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"');
    expect(html).toContain('href="https://www.youtube.com/watch?v=dQw4w9WgXcQ"');
    expect(html).toContain("Play the video introduction");
    // Nothing from the video host loads until asked for.
    expect(html).not.toContain("<iframe");
  });

  test("published content: title, type, date and link (only http(s) links)", () => {
    expect(html).toContain('href="https://example.com/change"');
    expect(html).toContain("Leading through change");
    expect(html).toContain("Mar 4, 2025");
    expect(html).toContain("Sermon on hope");
    expect(html).toContain("Nov 20, 2024");
    expect(html).toMatch(/capitalize[^>]*>article</);
    expect(html).toMatch(/capitalize[^>]*>sermon</);
    expect(html).not.toContain("javascript:alert");
  });

  test("the rating summary: average, count and the 5★..1★ distribution", () => {
    expect(html).toContain("4.5");
    expect(html).toContain("2 reviews");
    for (const stars of [5, 4, 3, 2, 1]) expect(html).toContain(`${stars}★`);
    expect(html).toMatch(/>1<span class="sr-only"> review with 5 stars/);
    expect(html).toMatch(/>1<span class="sr-only"> review with 4 stars/);
    expect(html).toMatch(/>0<span class="sr-only"> reviews with 3 stars/);
  });

  test("reviews: first name only, date (createdAt for the zero date), rating, text and 'Mentor Reply:'", () => {
    expect(html).toContain(">Hannah</h3>");
    expect(html).not.toContain("Hannah Lee");
    expect(html).toContain(">Peter</h3>");
    expect(html).toContain("May 1, 2025");
    expect(html).not.toContain("0000-00-00");
    const createdDay = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(now - 3 * DAY));
    expect(html).toContain(createdDay);
    expect(html).toContain("Wise and kind counsel.");
    expect(html).toContain("5 / 5");
    expect(html).toContain("4 / 5");
    expect(html).toContain("Mentor Reply:");
    expect(html).toContain("Thank you, Hannah!");
    // Newest first by the date each shows: Peter's (written 3 days ago) before Hannah's (May 1, 2025), though
    // Hannah's was written later.
    expect(html.indexOf("Helped our elders.")).toBeLessThan(html.indexOf("Wise and kind counsel."));
  });

  test("the price in one unit, a price for a length: the lowest first, then each length", () => {
    expect(html).toContain("from $70.00 for 45 minutes");
    expect(html).toContain("<li>$95.50 for 60 minutes</li>");
    expect(html).not.toContain("per hour");
  });

  test("the next free times only (future, not claimed), naming the time zone", async () => {
    for (const days of [2, 3]) expect(html).toContain(`dateTime="${tenOn(days).toISOString()}"`);
    for (const days of [4, -1]) expect(html).not.toContain(`dateTime="${tenOn(days).toISOString()}"`);
    expect(html).toContain("Next free times");
    expect(html).toContain("Shown in your time zone: Coordinated Universal Time (UTC)");
    expect(html).toContain("45 min");
    expect(html).toMatch(/UTC<\/time>/);
  });

  test("title, description and Open Graph tags of this mentor", () => {
    expect(html).toContain(`<title>Miriam ${guide.tag}, Lead Pastor · Mentor · Ministry Mentors</title>`);
    expect(metaOf(html, "description")).toContain(`Miriam ${guide.tag}, Lead Pastor at Grace Church ${guide.tag}`);
    expect(metaOf(html, "og:title")).toBe(`Miriam ${guide.tag} · Ministry Mentors`);
    expect(metaOf(html, "og:description")).toBe(metaOf(html, "description"));
    expect(metaOf(html, "og:type")).toBe("profile");
    expect(metaOf(html, "og:url")).toBe(`http://localhost/mentor/${guide.id}`);
    // No photo, no og:image.
    expect(metaOf(html, "og:image")).toBeNull();
  });

  test("a canonical link to the profile without its query", async () => {
    expect(canonicalOf(html)).toBe(`http://localhost/mentor/${guide.id}`);
    expect(canonicalOf(await text(await send(`/mentor/${guide.id}?reviewsPage=1`)))).toBe(`http://localhost/mentor/${guide.id}`);
  });
});

describe("photo, price and video variants", () => {
  test("a guide with a photo shows it and names it in og:image", async () => {
    const upload = await prisma.upload.create({ data: { contentType: "image/webp", byteSize: 3, data: Buffer.from([1, 2, 3]) } });
    const guide = await createGuide({ imageId: upload.id });
    const html = await text(await send(`/mentor/${guide.id}`));
    expect(html).toContain(`src="/images/${upload.id}"`);
    expect(metaOf(html, "og:image")).toBe(`http://localhost/images/${upload.id}`);
  });

  test("pay what you want", async () => {
    const guide = await createGuide({ payWhatYouWant: true });
    const html = await text(await send(`/mentor/${guide.id}`));
    expect(html).toContain("Pay what you want");
    expect(html).not.toContain(" for 60 minutes");
  });

  test.each([
    ["https://vimeo.com/76979871", "https://player.vimeo.com/video/76979871"],
    ["https://youtu.be/dQw4w9WgXcQ", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"],
    ["https://www.youtube.com/embed/abcDEF12345", "https://www.youtube-nocookie.com/embed/abcDEF12345"],
  ])("the allowed video %s is embedded as %s", async (videoUrl, embed) => {
    const guide = await createGuide({ videoUrl });
    const html = await text(await send(`/mentor/${guide.id}`));
    expect(html).toContain(`data-embed="${embed}"`);
  });

  test.each([
    ["another host", "https://evil.example/embed/dQw4w9WgXcQ"],
    ["a look-alike host", "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ"],
    ["a YouTube page that is no video", "https://www.youtube.com/feed/trending"],
    ["a javascript: URL", "javascript:alert(1)"],
  ])("%s is not embedded", async (_label, videoUrl) => {
    const guide = await createGuide({ videoUrl });
    const html = await text(await send(`/mentor/${guide.id}`));
    expect(html).not.toContain("data-embed=");
    expect(html).not.toContain("Video introduction</h2>");
    expect(html).not.toContain(videoUrl);
  });

  test("the allowlist itself", () => {
    expect(videoEmbedFor("https://player.vimeo.com/video/123")?.embedUrl).toBe("https://player.vimeo.com/video/123");
    expect(videoEmbedFor("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ")?.provider).toBe("YouTube");
    expect(videoEmbedFor("https://user:pw@www.youtube.com/watch?v=dQw4w9WgXcQ")).toBeNull();
    expect(videoEmbedFor("ftp://vimeo.com/123")).toBeNull();
    expect(videoEmbedFor("https://vimeo.com/channels/staffpicks")).toBeNull();
    expect(videoEmbedFor(null)).toBeNull();
  });

  test("the Content-Security-Policy frames only YouTube's no-cookie player and Vimeo's", async () => {
    const guide = await createGuide();
    const csp = (await send(`/mentor/${guide.id}`)).headers.get("Content-Security-Policy") ?? "";
    expect(csp).toContain("frame-src https://www.youtube-nocookie.com https://player.vimeo.com;");
  });
});

describe("who has a public profile", () => {
  test.each([
    ["a pending guide", { isVerified: false }],
    ["a deactivated guide", { status: "inactive" }],
    ["a deleted guide", { isDeleted: true }],
  ])("%s is a 404 with the site's not-found page", async (_label, options) => {
    const guide = await createGuide(options);
    const response = await send(`/mentor/${guide.id}`);
    expect(response.status).toBe(404);
    const html = await text(response);
    expect(html).toContain("Page not found");
    expect(html).not.toContain(guide.name);
    // Inside the site: header and footer are there.
    expect(html).toContain("Find a Mentor");
    expect(html).toContain(`© ${new Date().getFullYear()} Ministry Mentors`);
  });

  test("a rejected guide is a 404", async () => {
    const guide = await createGuide({ isVerified: false });
    await prisma.guideRequest.create({ data: { guideId: guide.id, status: "rejected", declineReason: "Not yet." } });
    expect((await send(`/mentor/${guide.id}`)).status).toBe(404);
  });

  test("a mentee's id, an admin's id, an unknown id and a non-numeric id are 404s", async () => {
    const mentee = await createPerson("user");
    const admin = await createPerson("admin");
    for (const id of [String(mentee.id), String(admin.id), "987654321", "abc", "12abc", "0", "-3"]) {
      const response = await send(`/mentor/${id}`);
      expect(response.status, `/mentor/${id}`).toBe(404);
      expect(await text(response)).toContain("Page not found");
    }
  });

  test("a malformed reviews page is a 400, not a 500", async () => {
    const guide = await createGuide();
    expect((await send(`/mentor/${guide.id}?reviewsPage=x`)).status).toBe(400);
  });
});

describe("reviews are paged newest first through ?reviewsPage", () => {
  let guide: Awaited<ReturnType<typeof createGuide>>;
  beforeAll(async () => {
    guide = await createGuide();
    // 12 reviews: review 1 is the newest.
    for (let i = 12; i >= 1; i--) {
      await addReview(guide.id, { rating: (i % 5) + 1, content: `Review number ${String(i).padStart(2, "0")} here.`, createdAt: new Date(Date.UTC(2025, 0, 31 - i)) });
    }
  });

  test("page 1: the five newest and a link to older ones (a plain link: works without JavaScript)", async () => {
    const html = await text(await send(`/mentor/${guide.id}`));
    for (const n of ["01", "02", "03", "04", "05"]) expect(html).toContain(`Review number ${n} here.`);
    expect(html).not.toContain("Review number 06 here.");
    expect(html).toContain("Page 1 of 3");
    expect(html).toContain(`href="/mentor/${guide.id}?reviewsPage=2#reviews"`);
    expect(html).not.toContain("Newer reviews");
    expect(html).toContain("12 reviews");
  });

  test("page 2 and the last page", async () => {
    const two = await text(await send(`/mentor/${guide.id}?reviewsPage=2`));
    for (const n of ["06", "07", "08", "09", "10"]) expect(two).toContain(`Review number ${n} here.`);
    expect(two).not.toContain("Review number 05 here.");
    expect(two).toContain("Page 2 of 3");
    expect(two).toContain(`href="/mentor/${guide.id}#reviews"`);
    expect(two).toContain(`href="/mentor/${guide.id}?reviewsPage=3#reviews"`);
    const three = await text(await send(`/mentor/${guide.id}?reviewsPage=3`));
    expect(three).toContain("Review number 12 here.");
    expect(three).not.toContain("Older reviews");
  });

  test("a page past the last shows the last", async () => {
    const html = await text(await send(`/mentor/${guide.id}?reviewsPage=99`));
    expect(html).toContain("Page 3 of 3");
    expect(html).toContain("Review number 11 here.");
  });

  test("a page is read from the guide's public reviews index in its order, not sorted", async () => {
    await expectReadInIndexOrder("Review_guideId_shownDate_public_idx", publicReviewsSql(guide.id, 2));
  });

  test("a guide without reviews says so", async () => {
    const quiet = await createGuide();
    const html = await text(await send(`/mentor/${quiet.id}`));
    expect(html).toContain("No reviews yet");
    expect(html).not.toContain("Review pages");
  });
});

describe("Book a session", () => {
  test("signed out: to sign in (or sign up) and back to the booking dialog", async () => {
    const guide = await createGuide();
    const html = await text(await send(`/mentor/${guide.id}`));
    const back = encodeURIComponent(`/mentor/${guide.id}/book`);
    expect(html).toMatch(new RegExp(`<a[^>]*href="/login\\?redirectTo=${back}"[^>]*>Book a session</a>`));
    expect(html).toContain(`href="/signup?redirectTo=${back}"`);
    // The sign-in page keeps the way back.
    const login = await text(await send(`/login?redirectTo=${back}`));
    expect(login).toContain(`name="redirectTo" value="/mentor/${guide.id}/book"`);
  });

  test("signed in as a mentee: to the booking dialog over this page", async () => {
    const guide = await createGuide();
    const { cookie } = await signIn("user");
    const html = await text(await send(`/mentor/${guide.id}`, { cookie }));
    expect(html).toMatch(new RegExp(`<a[^>]*href="/mentor/${guide.id}/book"[^>]*>Book a session</a>`));
    expect(html).not.toContain("/login?redirectTo=");
  });

  test("signed in as a guide or admin: no booking, a note instead", async () => {
    const guide = await createGuide();
    for (const role of ["guide", "admin"] as const) {
      const { cookie } = await signIn(role);
      const html = await text(await send(`/mentor/${guide.id}`, { cookie }));
      expect(html).not.toContain("Book a session");
      expect(html).toContain("Sessions are booked by mentees.");
    }
  });
});

describe("sitemap.xml and robots.txt", () => {
  test("the sitemap lists public pages, live mentors with lastmod and published posts; not the others", async () => {
    const live = await createGuide();
    const pending = await createGuide({ isVerified: false });
    const inactive = await createGuide({ status: "inactive" });
    const deleted = await createGuide({ isDeleted: true });
    const mentee = await createPerson("user");
    const slug = `faith-${word()}`;
    const draft = `draft-${word()}`;
    const future = `future-${word()}`;
    await prisma.post.createMany({
      data: [
        { kind: "blog", slug, title: "T", summary: "S", body: "B", author: "A", publishedAt: new Date(Date.now() - DAY) },
        { kind: "story", slug, title: "T", summary: "S", body: "B", author: "A", publishedAt: new Date(Date.now() - DAY) },
        { kind: "blog", slug: draft, title: "T", summary: "S", body: "B", author: "A" },
        { kind: "blog", slug: future, title: "T", summary: "S", body: "B", author: "A", publishedAt: new Date(Date.now() + 30 * DAY) },
      ],
    });
    const response = await send("/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("application/xml");
    const xml = await response.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain("<url><loc>http://localhost/</loc></url>");
    expect(xml).toContain("<loc>http://localhost/search</loc>");
    expect(xml).toContain("<loc>http://localhost/privacy-policy</loc>");
    expect(xml).not.toContain("<loc>http://localhost/privacy</loc>");
    expect(xml).not.toContain("/admin");
    expect(xml).not.toContain("/login");
    const liveRow = await prisma.user.findUniqueOrThrow({ where: { id: live.id } });
    expect(xml).toContain(`<url><loc>http://localhost/mentor/${live.id}</loc><lastmod>${liveRow.updatedAt.toISOString()}</lastmod></url>`);
    for (const other of [pending, inactive, deleted, mentee]) expect(xml).not.toContain(`/mentor/${other.id}<`);
    expect(xml).toContain(`<loc>http://localhost/blog/${slug}</loc><lastmod>`);
    expect(xml).toContain(`<loc>http://localhost/success-stories/${slug}</loc><lastmod>`);
    expect(xml).not.toContain(draft);
    expect(xml).not.toContain(future);
    // Well-formed: every <url> closes, and only the five XML entities appear.
    expect(xml.match(/<url>/g)?.length).toBe(xml.match(/<\/url>/g)?.length);
    expect(xml.match(/<loc>/g)?.length).toBe(xml.match(/<url>/g)?.length);
    expect(xml).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/);
    const parsed = new DOMParserLike(xml);
    expect(parsed.ok).toBe(true);
  });

  test("absolute URLs use the address the visitor used (X-Forwarded-* behind a trusted proxy only)", async () => {
    const direct = await (await send("/sitemap.xml", { headers: { "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" } })).text();
    expect(direct).toContain("<loc>http://localhost/</loc>");
    expect(direct).not.toContain("evil.example");
    const other = await (await send("http://mentors.example:8080/robots.txt")).text();
    expect(other).toContain("Sitemap: http://mentors.example:8080/sitemap.xml");
  });

  test("robots.txt allows the public site and keeps crawlers out of the dashboards, the console and the API", async () => {
    const response = await send("/robots.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/plain");
    const body = await response.text();
    expect(body).toContain("User-agent: *\nAllow: /\n");
    for (const path of ["/admin", "/mentor-dashboard", "/user-dashboard", "/api"]) expect(body).toContain(`Disallow: ${path}\n`);
    expect(body).not.toMatch(/Disallow: \/mentor\n/);
    expect(body).toContain("Sitemap: http://localhost/sitemap.xml");
  });
});

describe("canonical links on public pages", () => {
  test.each([
    ["/", "http://localhost/"],
    ["/resources?type=video&page=1", "http://localhost/resources"],
    ["/faq", "http://localhost/faq"],
    ["/platform", "http://localhost/platform"],
    ["/become-mentor", "http://localhost/become-mentor"],
    ["/contact", "http://localhost/contact"],
  ])("%s → %s", async (path, canonical) => {
    const response = await send(path);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(canonicalOf(html)).toBe(canonical);
    // Exactly one, in the head.
    expect(html.match(/rel="canonical"/g)).toHaveLength(1);
    expect(html.indexOf('rel="canonical"')).toBeLessThan(html.indexOf("</head>"));
  });

  test("aliases name their page's own address", async () => {
    const { canonicalPath } = await import("#app/lib/canonical.ts");
    expect(canonicalPath("/privacy")).toBe("/privacy-policy");
    expect(canonicalPath("/terms")).toBe("/terms-of-service");
    expect(canonicalPath("/faq/")).toBe("/faq");
    for (const [path, target] of [["/privacy", "/privacy-policy"], ["/terms", "/terms-of-service"]] as const) {
      const response = await send(path);
      const html = response.status === 200 ? await response.text() : "";
      // The alias is either the page itself with the canonical link of the full page, or a redirect to it.
      if (response.status === 200) expect(canonicalOf(html)).toBe(`http://localhost${target}`);
      else expect(response.headers.get("Location")).toBe(target);
    }
  });
});

/** A small well-formedness check of the sitemap (no XML parser in Node): balanced tags, known elements only. */
class DOMParserLike {
  ok: boolean;
  constructor(xml: string) {
    const stack: string[] = [];
    let ok = true;
    for (const match of xml.replace(/^<\?xml[^>]*\?>/, "").matchAll(/<(\/?)([a-z]+)[^>]*>/g)) {
      const [, closing, name] = match;
      if (!["urlset", "url", "loc", "lastmod"].includes(name)) ok = false;
      if (closing) {
        if (stack.pop() !== name) ok = false;
      } else stack.push(name);
    }
    this.ok = ok && stack.length === 0;
  }
}
