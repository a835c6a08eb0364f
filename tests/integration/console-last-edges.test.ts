// The console's last rough edges: a decided guide request stays findable (the Guide Requests status filter), and
// review cards come in the order of the dates they show, on the Reviews screen, the profile tabs and their APIs.
import { faker } from "@faker-js/faker";
import { beforeAll, describe, expect, test } from "vitest";
import { Prisma } from "#app/generated/prisma/client.ts";
import { prisma } from "#app/lib/db.server.ts";
import { adminLinks } from "#app/lib/admin-links.ts";
import { createPerson, postForm, send, signIn } from "#tests/app.ts";
import { expectReadInIndexOrder } from "#tests/support/query-plans.ts";

/** A page's HTML, an apostrophe as written: people's names (faker's, too: D'Amore, O'Connor) are compared as typed. */
const text = async (response: Response) => {
  expect(response.status).toBe(200);
  return (await response.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'");
};
/** The rows of the screen's table body. */
const tableBody = (html: string) => html.slice(html.indexOf("<tbody"), html.indexOf("</tbody>"));

let admin: Awaited<ReturnType<typeof signIn>>;
beforeAll(async () => {
  admin = await signIn("admin");
});

describe("Guide Requests: a status filter keeps decided requests findable, with their decision and date", () => {
  const tag = `Filterchapel ${faker.string.alpha(6)}`;
  let pending: { id: number; name: string };
  let approved: { id: number; name: string };
  let rejected: { id: number; name: string };
  const reason = "Please add two ministry references we can contact.";

  beforeAll(async () => {
    const applicant = async (name: string) => {
      const guide = await createPerson("guide", { name, organisation: tag, isVerified: false });
      await prisma.guideRequest.create({ data: { guideId: guide.id } });
      return guide;
    };
    pending = await applicant("Priscilla Pending");
    approved = await applicant("Aquila Approved");
    rejected = await applicant("Rufus Rejected");
    const approve = await postForm(`${adminLinks.guideRequests}?search=${encodeURIComponent(tag)}`, { guideId: String(approved.id), actionId: "1" }, admin.cookie);
    expect(approve.status).toBe(302);
    const reject = await postForm(adminLinks.guideRequests, { guideId: String(rejected.id), actionId: "2", declineReason: reason }, admin.cookie);
    expect(reject.status).toBe(302);
  });

  const screen = (status?: string) =>
    send(`${adminLinks.guideRequests}?search=${encodeURIComponent(tag)}${status === undefined ? "" : `&status=${status}`}`, { cookie: admin.cookie });
  const api = async (status?: string) => {
    const response = await send(`/api/admin/get-mentor-request-list?search=${encodeURIComponent(tag)}${status === undefined ? "" : `&status=${status}`}`, { token: admin.token });
    expect(response.status).toBe(200);
    return (await response.json()) as { data: Array<{ guideId: number; status: string; decidedAt: string | null; decidedBy: string | null; declineReason: string | null }>; meta: { total: number } };
  };

  test("without a status the screen is the pending queue, as before, with the filter offering the other views", async () => {
    const html = await text(await screen());
    const rows = tableBody(html);
    expect(rows).toContain(pending.name);
    expect(rows).not.toContain(approved.name);
    expect(rows).not.toContain(rejected.name);
    expect(html).toContain("Pending Requests");
    expect(rows).toContain(`aria-label="Approve ${pending.name}"`);
    // A GET form (works without JavaScript) with the four choices; Pending is the empty (default) one.
    const filterForm = html.match(/<form[^>]*aria-label="Filters"[^>]*>/)?.[0] ?? "";
    expect(filterForm).toMatch(/method="get"/);
    expect(html).toMatch(/<select[^>]*id="filter-status"[^>]*name="status"/);
    for (const [value, label] of [["", "Pending"], ["approved", "Approved"], ["rejected", "Rejected"], ["all", "All"]]) {
      expect(html).toContain(`<option value="${value}"${value === "" ? ' selected=""' : ""}>${label}</option>`);
    }
    // An explicit ?status=pending is the same list.
    const explicit = tableBody(await text(await screen("pending")));
    expect(explicit).toContain(`aria-label="Approve ${pending.name}"`);
    expect(explicit).not.toContain(approved.name);
    expect(explicit).not.toContain(rejected.name);
  });

  test("a rejected request is listed under Rejected, with its decision, date, who decided and the reason", async () => {
    const html = await text(await screen("rejected"));
    const rows = tableBody(html);
    expect(html).toContain("Rejected Requests");
    expect(html).toContain('<option value="rejected" selected="">Rejected</option>');
    expect(rows).toContain(rejected.name);
    expect(rows).not.toContain(pending.name);
    expect(rows).not.toContain(approved.name);
    expect(rows).toContain(">Rejected</span>");
    expect(rows).toContain(`Reason: ${reason}`);
    expect(rows).toContain(`by ${admin.person.name}`);
    const decided = await prisma.guideRequest.findFirstOrThrow({ where: { guideId: rejected.id } });
    expect(rows).toContain(`<time dateTime="${decided.decidedAt!.toISOString()}"`);
    // A decided request cannot be decided again from here.
    expect(rows).not.toContain(`aria-label="Approve ${rejected.name}"`);
  });

  test("an approved request is listed under Approved; All lists every request, the pending ones still with their actions", async () => {
    const approvedRows = tableBody(await text(await screen("approved")));
    expect(approvedRows).toContain(approved.name);
    expect(approvedRows).toContain(">Approved</span>");
    expect(approvedRows).not.toContain(rejected.name);
    expect(approvedRows).not.toContain(pending.name);

    const all = tableBody(await text(await screen("all")));
    for (const guide of [pending, approved, rejected]) expect(all).toContain(guide.name);
    expect(all).toContain(`aria-label="Approve ${pending.name}"`);
    expect(all).toContain(">Pending</span>");
  });

  test("the JSON twin takes the same filter, pending by default, each row with its decision", async () => {
    const byDefault = await api();
    expect(byDefault.data.map((row) => row.guideId)).toEqual([pending.id]);
    expect(byDefault.data[0]).toMatchObject({ status: "pending", decidedAt: null, declineReason: null });

    const rejectedList = await api("rejected");
    expect(rejectedList.data).toEqual([
      expect.objectContaining({ guideId: rejected.id, status: "rejected", declineReason: reason, decidedBy: admin.person.name, decidedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) }),
    ]);
    expect((await api("approved")).data).toEqual([expect.objectContaining({ guideId: approved.id, status: "approved", declineReason: null })]);
    expect((await api("all")).meta.total).toBe(3);

    const bad = await send("/api/admin/get-mentor-request-list?status=maybe", { token: admin.token });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: "status must be one of: pending, approved, rejected, all" });
  });

  test("deciding from a filtered view returns to that view", async () => {
    const another = await createPerson("guide", { name: "Tychicus Later", organisation: tag, isVerified: false });
    await prisma.guideRequest.create({ data: { guideId: another.id } });
    const back = `${adminLinks.guideRequests}?search=${encodeURIComponent(tag)}&status=all`;
    const response = await postForm(back, { guideId: String(another.id), actionId: "1" }, admin.cookie);
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("Location") ?? "", "http://localhost");
    expect(location.pathname).toBe(adminLinks.guideRequests);
    expect(Object.fromEntries(location.searchParams)).toEqual({ search: tag, status: "all" });
  });
});

describe("Reviews come in the order of the dates they show, within either sort", () => {
  let guide: { id: number };
  let author: { id: number };
  /** Review ids by name; the shown date is `date`, or createdAt when it is missing or the zero date. */
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    guide = await createPerson("guide");
    author = await createPerson("user");
    const reviews: Array<[string, string | null, string]> = [
      // name, the reviewer's date, createdAt: written late, so createdAt's order is not the shown dates' order.
      ["lateWritten", "2026-01-05", "2026-01-20T09:00:00.000Z"],
      ["tenthFirst", "2026-01-10", "2026-01-11T09:00:00.000Z"],
      ["undated", null, "2026-01-08T12:00:00.000Z"],
      ["zeroDate", "0000-00-00", "2026-01-15T12:00:00.000Z"],
      ["tenthSecond", "2026-01-10", "2026-01-12T09:00:00.000Z"],
    ];
    for (const [name, date, createdAt] of reviews) {
      const review = await prisma.review.create({
        data: { authorId: author.id, guideId: guide.id, rating: 5, content: `Review ${name}`, date, createdAt: new Date(createdAt) },
      });
      ids[name] = review.id;
    }
  });

  // Newest first: Jan 15 (zero date, so createdAt), Jan 10 twice (the later id first), Jan 8 (createdAt), Jan 5.
  const newestFirst = () => [ids.zeroDate, ids.tenthSecond, ids.tenthFirst, ids.undated, ids.lateWritten];

  type Listed = { data: Array<{ id: number; date: string }> };
  const listed = async (path: string) => {
    const response = await send(path, { token: admin.token });
    expect(response.status).toBe(200);
    return (await response.json()) as Listed;
  };

  test("the console-wide list (GET /api/admin/all/reviews), DESC and ASC, with ties in id order", async () => {
    const desc = await listed(`/api/admin/all/reviews?guideId=${guide.id}&sortOrder=DESC`);
    expect(desc.data.map((review) => review.id)).toEqual(newestFirst());
    expect(desc.data.map((review) => review.date.slice(0, 10))).toEqual(["2026-01-15", "2026-01-10", "2026-01-10", "2026-01-08", "2026-01-05"]);
    const asc = await listed(`/api/admin/all/reviews?guideId=${guide.id}&sortOrder=asc`);
    expect(asc.data.map((review) => review.id)).toEqual(newestFirst().reverse());
  });

  test("a guide's and a mentee's Review tab APIs, both orders", async () => {
    for (const path of [`/api/admin/guides/reviews/${guide.id}`, `/api/admin/users/reviews/${author.id}`]) {
      expect((await listed(`${path}?sortOrder=DESC&limit=10`)).data.map((review) => review.id), path).toEqual(newestFirst());
      expect((await listed(`${path}?sortOrder=ASC&limit=10`)).data.map((review) => review.id), path).toEqual(newestFirst().reverse());
    }
  });

  test("the cards of the Reviews screen and of a guide profile's Review tab show their dates in order", async () => {
    const order = (html: string) => [...html.matchAll(/id="review-(\d+)-heading"/g)].map((match) => Number(match[1]));
    expect(order(await text(await send(`${adminLinks.reviews}?guideId=${guide.id}`, { cookie: admin.cookie })))).toEqual(newestFirst());
    expect(order(await text(await send(`${adminLinks.reviews}?guideId=${guide.id}&order=ASC`, { cookie: admin.cookie })))).toEqual(newestFirst().reverse());
    const tab = await text(await send(`${adminLinks.guideProfile(guide.id)}?tab=review&limit=10`, { cookie: admin.cookie }));
    expect(order(tab)).toEqual(newestFirst());
  });

  test("a page of the newest reviews is read from the shown date's index, not sorted", async () => {
    const { reviewShownDate } = await import("#app/modules/reviews/reviews.server.ts");
    await expectReadInIndexOrder("Review_shownDate_idx", Prisma.sql`SELECT r.id FROM "Review" r ORDER BY ${reviewShownDate} DESC, r.id DESC LIMIT 10`);
  });
});

describe("one picture picker on every form that has one (preview, choose, remove, the same labels), without JavaScript too", () => {
  /** The picker's markup, as the server renders it. */
  const picker = (html: string) => {
    const start = html.indexOf("data-picture-picker");
    expect(start, "a picture picker").toBeGreaterThan(-1);
    // It ends after its row of buttons (which holds no other element than buttons).
    const buttons = html.indexOf("empty:hidden", start);
    return html.slice(start, html.indexOf("</div></div></div>", buttons));
  };
  const withPicture = async (role: "user" | "guide") => {
    const person = await createPerson(role);
    if (role === "guide") await prisma.guideProfile.create({ data: { userId: person.id } });
    const upload = await prisma.upload.create({ data: { contentType: "image/webp", byteSize: 3, data: new Uint8Array([1, 2, 3]) } });
    await prisma.user.update({ where: { id: person.id }, data: { imageId: upload.id } });
    return { person, upload };
  };

  test("Create User and Create Guide show the same picker: preview, 'Profile picture', an image-only file button", async () => {
    const userForm = picker(await text(await send(adminLinks.addUser, { cookie: admin.cookie })));
    const guideForm = picker(await text(await send(adminLinks.addGuide, { cookie: admin.cookie })));
    for (const form of [userForm, guideForm]) {
      expect(form).toContain("data-picture-preview");
      expect(form).toContain('src="/images/default"');
      expect(form).toMatch(/<label for="(user|guide)-image"[^>]*>Profile picture<\/label>/);
      expect(form).toMatch(/<input id="(user|guide)-image" type="file" accept="image\/\*"/);
      expect(form).toContain("A JPEG, PNG or WebP image, up to 5 MB.");
    }
    // The same control, but for the field's name and id.
    const same = (html: string) => html.replace(/(user|guide)-image/g, "picker").replace(/name="(image|imageUrl)"/, 'name="file"');
    expect(same(userForm)).toBe(same(guideForm));
  });

  test("Edit User and Edit Guide show the current picture with the same Upload (without JavaScript) and Remove buttons", async () => {
    const user = await withPicture("user");
    const guide = await withPicture("guide");
    const userForm = picker(await text(await send(adminLinks.editUser(user.person.id), { cookie: admin.cookie })));
    const guideForm = picker(await text(await send(adminLinks.editGuide(guide.person.id), { cookie: admin.cookie })));
    expect(userForm).toContain(`src="/images/${user.upload.id}"`);
    expect(guideForm).toContain(`src="/images/${guide.upload.id}"`);
    for (const form of [userForm, guideForm]) {
      expect(form).toContain(">Profile picture</label>");
      expect(form).toContain("Upload picture</button>");
      expect(form).toMatch(/<button type="submit" form="(user|guide)-image-remove"[^>]*>Remove picture<\/button>/);
    }
  });

  test("Remove (a plain form post) takes the picture away on both forms, and the upload with it", async () => {
    const user = await withPicture("user");
    const guide = await withPicture("guide");
    for (const [path, { person, upload }] of [[adminLinks.editUser(user.person.id), user], [adminLinks.editGuide(guide.person.id), guide]] as const) {
      const response = await postForm(path, { intent: "remove-image" }, admin.cookie);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("Location"), path).toBe(path);
      expect((await prisma.user.findUniqueOrThrow({ where: { id: person.id } })).imageId, path).toBeNull();
      expect(await prisma.upload.count({ where: { id: upload.id } }), path).toBe(0);
      const after = picker(await text(await send(path, { cookie: admin.cookie })));
      expect(after).toContain('src="/images/default"');
      expect(after).not.toContain("Remove picture");
    }
  });

  test("a mentee and a guide remove their own picture from their dashboard profile", async () => {
    for (const role of ["user", "guide"] as const) {
      const { person, upload } = await withPicture(role);
      const { commitSession, createSession } = await import("#app/lib/session.server.ts");
      const cookie = (await commitSession(await createSession(person.id, "web"))).split(";")[0];
      const path = role === "user" ? "/user-dashboard/profile" : "/mentor-dashboard/profile";
      expect(picker(await text(await send(path, { cookie })))).toContain("Remove picture");
      const response = await postForm(path, { intent: "remove-image" }, cookie);
      expect(response.status, path).toBe(302);
      expect((await prisma.user.findUniqueOrThrow({ where: { id: person.id } })).imageId, path).toBeNull();
      expect(await prisma.upload.count({ where: { id: upload.id } }), path).toBe(0);
    }
  });
});
