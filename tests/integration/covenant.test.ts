/**
 * The confidentiality covenant between each mentee and guide: admins publish versions (never edited), a mentee
 * accepts the current one in the booking dialog (in the booking's own transaction), a guide when accepting a request
 * or on a session confirmed without their answer, and a new version is asked again: in the next booking's dialog, or
 * on a session already booked, by either of them. Real Requests through the built
 * app against the real database.
 */
import { beforeAll, describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { commitSession, createSession } from "#app/lib/session.server.ts";
import { blocksFor } from "#app/modules/schedule/blocks.ts";
import { createAccessToken } from "#app/modules/access-tokens/access-tokens.server.ts";
import { actorOf, createPerson, postForm, send, signIn } from "#tests/app.ts";
import { createBookableGuide, freeStart } from "#tests/support/bookable-guide.ts";

type Person = Awaited<ReturnType<typeof createPerson>>;
type Session = Awaited<ReturnType<typeof signIn>>;

const PAGE = "/admin/dashboard/covenant";
/** A page's HTML as read: apostrophes unescaped, React's markers between text pieces dropped. */
const html = async (response: Response) => (await response.text()).replaceAll("&#x27;", "'").replaceAll("<!-- -->", "");
const publish = (admin: Session, text: string) => postForm(PAGE, { text }, admin.cookie);
const book = (guideId: number, mentee: Session, fields: Record<string, string>) => postForm(`/mentor/${guideId}/book`, fields, mentee.cookie);
const acceptances = (personId: number, counterpartId: number) =>
  prisma.covenantAcceptance.findMany({ where: { personId, counterpartId }, orderBy: { version: "asc" }, select: { version: true } });

/** A guide whose sessions are free: a booking is confirmed at once, or waits as a request when they review requests. */
async function freeGuide(reviewsRequests = false) {
  const guide = await createBookableGuide({ reviewsRequests });
  await prisma.sessionOption.updateMany({ where: { guideId: guide.id }, data: { priceCents: 0 } });
  return guide;
}

/** A booking written as the booking flow leaves a free one (its time claimed), without going through the dialog. */
async function aBooking(guide: Person, mentee: Person, status: "confirmed" | "requested", days: number) {
  const startsAt = await freeStart(guide.id, days);
  const booking = await prisma.booking.create({
    data: { userId: mentee.id, guideId: guide.id, topic: "Carrying a congregation's grief", rateCents: 0, paymentStatus: "unpaid", status, startsAt, durationMinutes: 60 },
  });
  await prisma.timeClaim.createMany({ data: blocksFor(startsAt, 60, 0).map((blockStart) => ({ guideId: guide.id, blockStart, bookingId: booking.id })) });
  return booking;
}

describe("the confidentiality covenant", () => {
  let admin: Session;
  let mentee: Session;
  let guide: Person;

  beforeAll(async () => {
    admin = await signIn("admin");
    mentee = await signIn("user");
    guide = await freeGuide();
  });

  test("with no version published, the booking dialog asks nothing and books", async () => {
    const startsAt = await freeStart(guide.id, 3);
    const dialog = await html(await send(`/mentor/${guide.id}/book?minutes=60&start=${startsAt.toISOString()}`, { cookie: mentee.cookie }));
    expect(dialog).toContain("What would you like to talk about?");
    expect(dialog).not.toContain("confidentiality covenant");
    const response = await book(guide.id, mentee, { minutes: "60", startsAt: startsAt.toISOString(), topic: "Before any covenant" });
    expect(response.status).toBe(302);
    expect(await prisma.booking.count({ where: { guideId: guide.id, startsAt } })).toBe(1);
    // …and the booking shows no covenant.
    expect(await html(await send("/user-dashboard/bookings", { cookie: mentee.cookie }))).not.toContain("Covenant version");
  });

  test("only admins publish: other people are turned away on the screen and the API", async () => {
    for (const role of ["user", "guide"] as const) {
      const person = await signIn(role);
      const screen = await postForm(PAGE, { text: "Not theirs to write" }, person.cookie);
      expect(screen.status).toBe(302);
      expect(screen.headers.get("Location")).not.toContain("covenant");
      const api = await send("/api/admin/covenant", { method: "POST", token: person.token, headers: { "Content-Type": "application/json" }, body: JSON.stringify({ text: "Not theirs" }) });
      expect(api.status).toBe(403);
    }
    expect(await prisma.covenantVersion.count()).toBe(0);
  });

  test("the admin's text is required and limited, and what was typed is kept on a refusal", async () => {
    const empty = await publish(admin, "   ");
    expect(empty.status).toBe(400);
    expect(await html(empty)).toContain("Please write the covenant's text");
    const long = `We keep confidences. ${"x".repeat(10_000)}`;
    const tooLong = await publish(admin, long);
    expect(tooLong.status).toBe(400);
    const page = await html(tooLong);
    expect(page).toContain("The covenant must be at most 10,000 characters");
    expect(page).toContain("We keep confidences.");
    const api = await send("/api/admin/covenant", { method: "POST", token: admin.token, headers: { "Content-Type": "application/json" }, body: JSON.stringify({ text: "" }) });
    expect(api.status).toBe(400);
    expect((await api.json()).message).toBe("Please write the covenant's text");
    expect(await prisma.covenantVersion.count()).toBe(0);
  });

  test("each publication is the next version, with a toast and one audit row; earlier versions stay as they were", async () => {
    const first = await publish(admin, "Version one: what is shared stays between us.");
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe(PAGE);
    expect(first.headers.get("Set-Cookie")).toContain("toast");
    const second = await send("/api/admin/covenant", {
      method: "POST",
      token: admin.token,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ text: "Version two: what is shared stays between us, within the limits of safety and the law." }),
    });
    expect(second.status).toBe(201);
    expect((await second.json()).data).toMatchObject({ version: 2, publishedBy: admin.person.name });
    const versions = await prisma.covenantVersion.findMany({ orderBy: { version: "asc" } });
    expect(versions.map((version) => [version.version, version.text])).toEqual([
      [1, "Version one: what is shared stays between us."],
      [2, "Version two: what is shared stays between us, within the limits of safety and the law."],
    ]);
    const audit = await prisma.auditEntry.findMany({ where: { recordKind: "covenant" }, orderBy: { id: "asc" } });
    expect(audit.map((entry) => [entry.recordId, entry.action, entry.door])).toEqual([["1", "publish", "screen"], ["2", "publish", "api"]]);

    const listed = await (await send("/api/admin/covenant", { token: admin.token })).json();
    expect(listed.data.current.version).toBe(2);
    expect(listed.data.versions.map((version: { version: number }) => version.version)).toEqual([2, 1]);
    const screen = await html(await send(PAGE, { cookie: admin.cookie }));
    expect(screen).toContain("Current version: 2");
    expect(screen).toContain("Earlier versions");
    expect(screen).toContain("Publish version 3");
  });

  test("a mentee's booking is refused without accepting it, keeping what they typed, and nothing is stored", async () => {
    const startsAt = await freeStart(guide.id, 5);
    const dialog = await html(await send(`/mentor/${guide.id}/book?minutes=60&start=${startsAt.toISOString()}`, { cookie: mentee.cookie }));
    expect(dialog).toContain("I accept the confidentiality covenant (version 2)");
    expect(dialog).toContain("within the limits of safety and the law");
    const response = await book(guide.id, mentee, { minutes: "60", startsAt: startsAt.toISOString(), topic: "Elders at odds", notes: "Two of them stopped speaking" });
    expect(response.status).toBe(400);
    const page = await html(response);
    expect(page).toContain("Please read and accept the confidentiality covenant (version 2) to continue.");
    expect(page).toContain("Elders at odds");
    expect(page).toContain("Two of them stopped speaking");
    expect(await prisma.booking.count({ where: { guideId: guide.id, startsAt } })).toBe(0);
    expect(await acceptances(mentee.person.id, guide.id)).toEqual([]);
  });

  test("a version published after the dialog opened is asked again", async () => {
    const startsAt = await freeStart(guide.id, 5);
    const response = await book(guide.id, mentee, { minutes: "60", startsAt: startsAt.toISOString(), topic: "Elders at odds", covenantVersion: "1" });
    expect(response.status).toBe(400);
    expect(await html(response)).toContain("A new version of the confidentiality covenant was published while you were reading (version 2).");
    expect(await prisma.booking.count({ where: { guideId: guide.id, startsAt } })).toBe(0);
    expect(await acceptances(mentee.person.id, guide.id)).toEqual([]);
  });

  test("the acceptance is written in the booking's transaction: a refused booking stores none, a booking stores it", async () => {
    // Another mentee's session takes the time first: the refusal rolls the acceptance back with the booking.
    const startsAt = await freeStart(guide.id, 6);
    await aBooking(guide, await createPerson("user"), "confirmed", 6);
    const taken = await book(guide.id, mentee, { minutes: "60", startsAt: startsAt.toISOString(), topic: "Elders at odds", covenantVersion: "2" });
    expect(taken.status).toBe(400);
    expect(await html(taken)).toContain("That time is no longer free. Please choose another.");
    expect(await acceptances(mentee.person.id, guide.id)).toEqual([]);

    const free = await freeStart(guide.id, 7);
    const booked = await book(guide.id, mentee, { minutes: "60", startsAt: free.toISOString(), topic: "Elders at odds", covenantVersion: "2" });
    expect(booked.status).toBe(302);
    const booking = await prisma.booking.findFirstOrThrow({ where: { guideId: guide.id, startsAt: free } });
    expect(booking.status).toBe("confirmed");
    const [acceptance] = await prisma.covenantAcceptance.findMany({ where: { personId: mentee.person.id, counterpartId: guide.id } });
    expect(acceptance.version).toBe(2);
    expect(Math.abs(acceptance.acceptedAt.getTime() - booking.createdAt.getTime())).toBeLessThan(5_000);
    // The next booking with this guide asks nothing more.
    const next = await freeStart(guide.id, 8);
    expect(await html(await send(`/mentor/${guide.id}/book?minutes=60&start=${next.toISOString()}`, { cookie: mentee.cookie }))).not.toContain("I accept the confidentiality covenant");
  });

  test("a session confirmed at once: the guide's view offers the covenant until they accept it; both see who accepted", async () => {
    const guideSession = await signInAs(guide);
    const before = await html(await send("/mentor-dashboard/bookings", { cookie: guideSession }));
    expect(before).toContain(`Accept the covenant with ${mentee.person.name}`);
    expect(before).toContain(`by ${mentee.person.name} on`);
    expect(before).toContain("not yet accepted by you");

    const booking = await prisma.booking.findFirstOrThrow({ where: { guideId: guide.id, userId: mentee.person.id, status: "confirmed" }, orderBy: { id: "desc" } });
    // Without the version shown, or with an old one, nothing is stored.
    const unticked = await postForm("/mentor-dashboard/bookings", { intent: "accept-covenant", bookingId: String(booking.id) }, guideSession);
    expect(unticked.status).toBe(400);
    const stale = await postForm("/mentor-dashboard/bookings", { intent: "accept-covenant", bookingId: String(booking.id), covenantVersion: "1" }, guideSession);
    expect(stale.status).toBe(409);
    expect(await acceptances(guide.id, mentee.person.id)).toEqual([]);

    const accepted = await postForm("/mentor-dashboard/bookings", { intent: "accept-covenant", bookingId: String(booking.id), covenantVersion: "2" }, guideSession);
    expect(accepted.status).toBe(302);
    expect(await acceptances(guide.id, mentee.person.id)).toEqual([{ version: 2 }]);
    const after = await html(await send("/mentor-dashboard/bookings", { cookie: guideSession }));
    // (The session another mentee booked still offers it: the covenant is between two people.)
    expect(after).not.toContain(`Accept the covenant with ${mentee.person.name}`);
    expect(after).toContain("Covenant version 2:</span> accepted by you on");

    const menteeView = await html(await send("/user-dashboard/bookings", { cookie: mentee.cookie }));
    expect(menteeView).toContain("Covenant version 2:</span> accepted by you on");
    expect(menteeView).toContain(`by ${guide.name} on`);
  });

  test("nobody accepts for someone else", async () => {
    const booking = await prisma.booking.findFirstOrThrow({ where: { guideId: guide.id, userId: mentee.person.id, status: "confirmed" }, orderBy: { id: "desc" } });
    // The mentee's own screen accepts only for the mentee (accepted already, with the booking): nothing more is stored.
    const own = await postForm("/user-dashboard/bookings", { intent: "accept-covenant", bookingId: String(booking.id), covenantVersion: "2" }, mentee.cookie);
    expect(own.status).toBe(302);
    expect(await acceptances(mentee.person.id, guide.id)).toEqual([{ version: 2 }]);
    // Another guide's booking is a 404; the guide's screen is not the mentee's.
    const other = await signIn("guide");
    const stranger = await postForm("/mentor-dashboard/bookings", { intent: "accept-covenant", bookingId: String(booking.id), covenantVersion: "2" }, other.cookie);
    expect(stranger.status).toBe(404);
    const crossing = await postForm("/mentor-dashboard/bookings", { intent: "accept-covenant", bookingId: String(booking.id), covenantVersion: "2" }, mentee.cookie);
    expect(crossing.status).toBe(302);
    expect(crossing.headers.get("Location")).not.toContain("mentor-dashboard");
    expect(await prisma.covenantAcceptance.count({ where: { personId: other.person.id } })).toBe(0);
    expect(await prisma.covenantAcceptance.count({ where: { counterpartId: mentee.person.id } })).toBe(1);
  });

  test("a guide's accept of a request is refused without the covenant, and stores it with the confirmation", async () => {
    const reviewer = await freeGuide(true);
    const asker = await createPerson("user");
    const booking = await aBooking(reviewer, asker, "requested", 4);
    const cookie = await signInAs(reviewer);
    const list = await html(await send("/mentor-dashboard/bookings?tab=requests", { cookie }));
    // The card's Accept opens the dialog with the covenant rather than accepting at once.
    expect(list).toContain(`answer=accept`);
    const dialog = await html(await send(`/mentor-dashboard/bookings?booking=${booking.id}&answer=accept&tab=requests`, { cookie }));
    expect(dialog).toContain("I accept the confidentiality covenant (version 2)");

    const refused = await postForm("/mentor-dashboard/bookings?tab=requests", { intent: "accept", bookingId: String(booking.id) }, cookie);
    expect(refused.status).toBe(400);
    expect(await html(refused)).toContain("Please read and accept the confidentiality covenant (version 2) to continue.");
    expect((await prisma.booking.findUniqueOrThrow({ where: { id: booking.id } })).status).toBe("requested");
    expect(await acceptances(reviewer.id, asker.id)).toEqual([]);

    const accepted = await postForm("/mentor-dashboard/bookings?tab=requests", { intent: "accept", bookingId: String(booking.id), covenantVersion: "2" }, cookie);
    expect(accepted.status).toBe(302);
    expect((await prisma.booking.findUniqueOrThrow({ where: { id: booking.id } })).status).toBe("confirmed");
    expect(await acceptances(reviewer.id, asker.id)).toEqual([{ version: 2 }]);
  });

  test("a new version is asked again of both before the pair's next session", async () => {
    expect((await publish(admin, "Version three: what is shared stays between us, and nobody records a session without consent.")).status).toBe(302);
    const next = await freeStart(guide.id, 9);
    const dialog = await html(await send(`/mentor/${guide.id}/book?minutes=60&start=${next.toISOString()}`, { cookie: mentee.cookie }));
    expect(dialog).toContain("I accept the confidentiality covenant (version 3)");
    expect(dialog).toContain("nobody records a session without consent");
    const guideCookie = await signInAs(guide);
    const guideView = await html(await send("/mentor-dashboard/bookings", { cookie: guideCookie }));
    expect(guideView).toContain(`Accept the covenant with ${mentee.person.name}`);
    expect(guideView).toContain("Covenant version 3:");
    // The guide's overview counts the sessions ahead that ask for it.
    expect(await html(await send("/mentor-dashboard", { cookie: guideCookie }))).toMatch(/\d+ sessions? asks? you to accept the confidentiality covenant/);

    expect((await book(guide.id, mentee, { minutes: "60", startsAt: next.toISOString(), topic: "After the new version", covenantVersion: "3" })).status).toBe(302);
    expect(await acceptances(mentee.person.id, guide.id)).toEqual([{ version: 2 }, { version: 3 }]);
  });

  test("a session already booked: the mentee accepts a new version on it, on the screen or through the API", async () => {
    expect((await publish(admin, "Version four: what is shared stays between us; we tell only where safety or the law requires it.")).status).toBe(302);
    const before = await html(await send("/user-dashboard/bookings", { cookie: mentee.cookie }));
    expect(before).toContain("Covenant version 4:</span> not yet accepted by you");
    expect(before).toContain(`Accept the covenant with ${guide.name}`);
    expect(before).toContain("we tell only where safety or the law requires it");

    const booking = await prisma.booking.findFirstOrThrow({ where: { guideId: guide.id, userId: mentee.person.id, status: "confirmed" }, orderBy: { startsAt: "asc" } });
    // The overview's "What needs doing" leads to the soonest session's card, which holds the form.
    const overview = await html(await send("/user-dashboard", { cookie: mentee.cookie }));
    expect(overview).toContain(`Please read and accept the confidentiality covenant before your session with <strong class="font-medium text-slate-900">${guide.name}</strong>`);
    expect(overview).toContain(`href="/user-dashboard/bookings?booking=${booking.id}"`);
    // An old version is refused with the new one named; nothing is stored.
    const stale = await postForm("/user-dashboard/bookings", { intent: "accept-covenant", bookingId: String(booking.id), covenantVersion: "3" }, mentee.cookie);
    expect(stale.status).toBe(409);
    expect(await html(stale)).toContain("version 4");
    const accepted = await postForm("/user-dashboard/bookings", { intent: "accept-covenant", bookingId: String(booking.id), covenantVersion: "4" }, mentee.cookie);
    expect(accepted.status).toBe(302);
    expect(await acceptances(mentee.person.id, guide.id)).toEqual([{ version: 2 }, { version: 3 }, { version: 4 }]);
    const after = await html(await send("/user-dashboard/bookings", { cookie: mentee.cookie }));
    expect(after).not.toContain(`Accept the covenant with ${guide.name}`);
    expect(after).toContain("Covenant version 4:</span> accepted by you on");
    expect(await html(await send("/user-dashboard", { cookie: mentee.cookie }))).not.toContain("Please read and accept the confidentiality covenant");
    // The next booking with this guide asks nothing more.
    const next = await freeStart(guide.id, 10);
    expect(await html(await send(`/mentor/${guide.id}/book?minutes=60&start=${next.toISOString()}`, { cookie: mentee.cookie }))).not.toContain("I accept the confidentiality covenant");

    // Through the API, with the mentee's scope: the guide's side is theirs to accept, not the mentee's.
    expect((await publish(admin, "Version five: the same promise, in plainer words.")).status).toBe(302);
    const { token } = await createAccessToken(actorOf(mentee.person), { name: "Tests", scopes: ["read", "book"], lifetime: 30 });
    const viaApi = await send(`/api/v1/bookings/${booking.id}/accept-covenant`, {
      method: "POST",
      token: `Bearer ${token}`,
      body: JSON.stringify({ covenantVersion: 5 }),
      headers: { "Content-Type": "application/json" },
    });
    expect(viaApi.status).toBe(200);
    expect(await acceptances(mentee.person.id, guide.id)).toEqual([{ version: 2 }, { version: 3 }, { version: 4 }, { version: 5 }]);
    expect(await acceptances(guide.id, mentee.person.id)).toEqual([{ version: 2 }]);
  });
});

/** A browser session (its cookie) for an existing person. */
async function signInAs(person: Person) {
  return (await commitSession(await createSession(person.id, "web"))).split(";")[0];
}
