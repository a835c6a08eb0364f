import { beforeEach, describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { createPerson, send, signIn } from "#tests/app.ts";
import { resetDatabase } from "#tests/setup/worker-db.ts";

/** What the triggers keep, against what a count says. */
async function keptAndCounted() {
  const kept = await prisma.$queryRaw<Array<{ scope: string; value: string; rows: bigint | number; amountCents: bigint | number }>>`
    SELECT "scope", "value", "rows", "amountCents" FROM "RowTotal" WHERE "rows" <> 0 OR "amountCents" <> 0 ORDER BY "scope", "value"`;
  const counted = await prisma.$queryRaw<Array<{ scope: string; value: string; rows: bigint | number; amountCents: bigint | number }>>`
    SELECT 'Booking.paymentStatus' AS "scope", "paymentStatus" AS "value", COUNT(*) AS "rows", 0 AS "amountCents" FROM "Booking" GROUP BY "paymentStatus"
    UNION ALL
    SELECT 'Payment.status', status, COUNT(*), SUM("amountCents") FROM "Payment" GROUP BY status
    UNION ALL
    SELECT 'User.roleStatus', role || ':' || status, COUNT(*), 0 FROM "User" WHERE "isDeleted" = FALSE GROUP BY role, status
    UNION ALL
    SELECT 'User.roleVerified', role || ':' || CASE WHEN "isVerified" THEN 'verified' ELSE 'unverified' END, COUNT(*), 0
    FROM "User" WHERE "isDeleted" = FALSE GROUP BY role, "isVerified"
    UNION ALL
    SELECT 'GuideRequest.status', r.status, COUNT(*), 0
    FROM "GuideRequest" r JOIN "User" u ON u.id = r."guideId" WHERE u.role = 'guide' AND u."isDeleted" = FALSE GROUP BY r.status
    UNION ALL
    SELECT 'Review.rating', CAST(rating AS TEXT), COUNT(*), 0 FROM "Review" GROUP BY rating
    UNION ALL
    SELECT 'OutboxMail.all', '', COUNT(*), 0 FROM "OutboxMail" HAVING COUNT(*) > 0
    ORDER BY 1, 2`;
  // Bookings per month made ("YYYY-MM", UTC), counted here rather than in each engine's date functions.
  const months = new Map<string, number>();
  for (const { createdAt } of await prisma.booking.findMany({ select: { createdAt: true } })) {
    const month = createdAt.toISOString().slice(0, 7);
    months.set(month, (months.get(month) ?? 0) + 1);
  }
  const perMonth = [...months].map(([value, rows]) => ({ scope: "Booking.month", value, rows, amountCents: 0 }));
  const plain = (rows: typeof kept) => rows.map((row) => ({ ...row, rows: Number(row.rows), amountCents: Number(row.amountCents) }));
  const order = (a: { scope: string; value: string }, b: { scope: string; value: string }) =>
    a.scope === b.scope ? (a.value < b.value ? -1 : 1) : a.scope < b.scope ? -1 : 1;
  return { kept: plain(kept).sort(order), counted: [...plain(counted), ...perMonth].sort(order) };
}

describe("totals kept by triggers", () => {
  beforeEach(() => resetDatabase());

  test("follow every insert, change and deletion of bookings (per payment status and month) and payments", async () => {
    const user = await createPerson("user");
    const guide = await createPerson("guide");
    const bookings = await Promise.all(
      ["paid", "paid", "pending", "unpaid"].map((paymentStatus, index) =>
        prisma.booking.create({ data: { userId: user.id, guideId: guide.id, topic: "Preaching", paymentStatus, createdAt: new Date(Date.UTC(2026, index % 2, 15)) } }),
      ),
    );
    const payments = await Promise.all(
      [
        [5000, "succeeded"],
        [2500, "succeeded"],
        [1000, "pending"],
      ].map(([amountCents, status]) => prisma.payment.create({ data: { userId: user.id, guideId: guide.id, amountCents: Number(amountCents), status: String(status) } })),
    );
    let { kept, counted } = await keptAndCounted();
    expect(kept).toEqual(counted);
    expect(kept).toContainEqual({ scope: "Payment.status", value: "succeeded", rows: 2, amountCents: 7500 });

    await prisma.booking.update({ where: { id: bookings[2].id }, data: { paymentStatus: "paid" } });
    await prisma.booking.update({ where: { id: bookings[3].id }, data: { topic: "Only the topic" } });
    await prisma.booking.delete({ where: { id: bookings[0].id } });
    await prisma.payment.update({ where: { id: payments[2].id }, data: { status: "succeeded", amountCents: 1200 } });
    await prisma.payment.update({ where: { id: payments[1].id }, data: { amountCents: 2000 } });
    await prisma.payment.delete({ where: { id: payments[0].id } });
    ({ kept, counted } = await keptAndCounted());
    expect(kept).toEqual(counted);
    expect(kept).toContainEqual({ scope: "Payment.status", value: "succeeded", rows: 2, amountCents: 3200 });
    expect(kept).toContainEqual({ scope: "Booking.paymentStatus", value: "paid", rows: 2, amountCents: 0 });
    expect(kept.filter((row) => row.scope === "Booking.month")).toEqual([
      { scope: "Booking.month", value: "2026-01", rows: 1, amountCents: 0 },
      { scope: "Booking.month", value: "2026-02", rows: 2, amountCents: 0 },
    ]);
  });

  test("follow people joining, changing role, status and verification, being deleted and removed", async () => {
    const people = await Promise.all([
      createPerson("user"),
      createPerson("user", { isVerified: false }),
      createPerson("guide"),
      createPerson("guide", { status: "inactive" }),
    ]);
    let { kept, counted } = await keptAndCounted();
    expect(kept).toEqual(counted);
    expect(kept).toContainEqual({ scope: "User.roleStatus", value: "guide:inactive", rows: 1, amountCents: 0 });

    await prisma.user.update({ where: { id: people[0].id }, data: { status: "inactive", isVerified: false } });
    await prisma.user.update({ where: { id: people[1].id }, data: { isDeleted: true, deletedAt: new Date() } });
    await prisma.user.update({ where: { id: people[2].id }, data: { role: "user" } });
    await prisma.user.update({ where: { id: people[3].id }, data: { name: "Only the name" } });
    await prisma.user.update({ where: { id: people[1].id }, data: { status: "inactive" } });
    await prisma.user.delete({ where: { id: people[3].id } });
    ({ kept, counted } = await keptAndCounted());
    expect(kept).toEqual(counted);
    expect(kept.filter((row) => row.scope === "User.roleStatus")).toEqual([
      { scope: "User.roleStatus", value: "user:active", rows: 1, amountCents: 0 },
      { scope: "User.roleStatus", value: "user:inactive", rows: 1, amountCents: 0 },
    ]);
    expect(kept.filter((row) => row.scope === "User.roleVerified")).toEqual([
      { scope: "User.roleVerified", value: "user:unverified", rows: 1, amountCents: 0 },
      { scope: "User.roleVerified", value: "user:verified", rows: 1, amountCents: 0 },
    ]);
  });

  test("follow guide requests made, decided, moved and deleted, and their guides leaving, coming back and being removed", async () => {
    const [first, second, third] = await Promise.all([createPerson("guide"), createPerson("guide"), createPerson("guide")]);
    const requests = await Promise.all(
      [
        [first, "pending"],
        [first, "rejected"],
        [second, "approved"],
        [third, "pending"],
        [third, "approved"],
      ].map(([guide, status]) => prisma.guideRequest.create({ data: { guideId: (guide as { id: number }).id, status: status as string } })),
    );
    const requestTotals = async () => {
      const { kept, counted } = await keptAndCounted();
      expect(kept).toEqual(counted);
      return Object.fromEntries(kept.filter((row) => row.scope === "GuideRequest.status").map((row) => [row.value, row.rows]));
    };
    expect(await requestTotals()).toEqual({ pending: 2, approved: 2, rejected: 1 });

    await prisma.guideRequest.update({ where: { id: requests[0].id }, data: { status: "approved" } });
    await prisma.guideRequest.update({ where: { id: requests[1].id }, data: { message: "Only the message" } });
    expect(await requestTotals()).toEqual({ pending: 1, approved: 3, rejected: 1 });

    // A deleted guide's requests leave the list, and come back with the guide; one who is no longer a guide likewise.
    await prisma.user.update({ where: { id: third.id }, data: { isDeleted: true, deletedAt: new Date() } });
    expect(await requestTotals()).toEqual({ approved: 2, rejected: 1 });
    await prisma.guideRequest.create({ data: { guideId: third.id, status: "rejected" } });
    await prisma.guideRequest.update({ where: { id: requests[3].id }, data: { status: "rejected" } });
    await prisma.user.update({ where: { id: third.id }, data: { isDeleted: false, deletedAt: null } });
    expect(await requestTotals()).toEqual({ approved: 3, rejected: 3 });
    await prisma.user.update({ where: { id: second.id }, data: { role: "user" } });
    await prisma.guideRequest.update({ where: { id: requests[4].id }, data: { guideId: second.id } });
    expect(await requestTotals()).toEqual({ approved: 1, rejected: 3 });

    // A request deleted, and a guide removed for good with theirs (a cascade).
    await prisma.guideRequest.delete({ where: { id: requests[1].id } });
    await prisma.user.delete({ where: { id: third.id } });
    expect(await requestTotals()).toEqual({ approved: 1 });
  });

  test("follow reviews written, re-rated and deleted, and give the Reviews list its total", async () => {
    const { token } = await signIn("admin");
    const [user, guide] = await Promise.all([createPerson("user"), createPerson("guide")]);
    const reviews = await Promise.all(
      [5, 5, 4, 2].map((rating) => prisma.review.create({ data: { authorId: user.id, guideId: guide.id, rating, content: "Wise counsel." } })),
    );
    const ratingTotals = async () => {
      const { kept, counted } = await keptAndCounted();
      expect(kept).toEqual(counted);
      return Object.fromEntries(kept.filter((row) => row.scope === "Review.rating").map((row) => [row.value, row.rows]));
    };
    expect(await ratingTotals()).toEqual({ "5": 2, "4": 1, "2": 1 });

    await prisma.review.update({ where: { id: reviews[3].id }, data: { rating: 3, editedAt: new Date() } });
    await prisma.review.update({ where: { id: reviews[2].id }, data: { content: "Only the words" } });
    await prisma.review.delete({ where: { id: reviews[0].id } });
    expect(await ratingTotals()).toEqual({ "5": 1, "4": 1, "3": 1 });

    // The whole list reads the kept total; a hidden review is still one of the console's.
    await prisma.review.update({ where: { id: reviews[1].id }, data: { hiddenAt: new Date(), hiddenReason: "Spam" } });
    const all = await (await send("/api/admin/all/reviews", { token })).json();
    expect(all.meta.total).toBe(3);
    expect(all.data).toHaveLength(3);
  });

  test("follow mail kept in the outbox and removed from it, and give the outbox its total", async () => {
    const { token } = await signIn("admin");
    const mail = (subject: string) => ({ to: "pastor@test.example", subject, text: "Text", html: "<p>Text</p>" });
    const first = await prisma.outboxMail.create({ data: mail("Welcome") });
    await prisma.outboxMail.createMany({ data: [mail("Your booking"), mail("A new message")] });
    let { kept, counted } = await keptAndCounted();
    expect(kept).toEqual(counted);
    expect(kept).toContainEqual({ scope: "OutboxMail.all", value: "", rows: 3, amountCents: 0 });

    await prisma.outboxMail.delete({ where: { id: first.id } });
    ({ kept, counted } = await keptAndCounted());
    expect(kept).toEqual(counted);
    const outbox = await (await send("/api/admin/outbox", { token })).json();
    expect(outbox.meta.total).toBe(2);
    expect(outbox.data).toHaveLength(2);
    await prisma.outboxMail.deleteMany();
    expect((await (await send("/api/admin/outbox", { token })).json()).meta.total).toBe(0);
  });

  test("give the filtered lists their totals and the overview its revenue", async () => {
    const { token } = await signIn("admin");
    const user = await createPerson("user");
    const guide = await createPerson("guide");
    for (const paymentStatus of ["paid", "paid", "failed"]) await prisma.booking.create({ data: { userId: user.id, guideId: guide.id, topic: "Vision", paymentStatus } });
    await prisma.payment.create({ data: { userId: user.id, guideId: guide.id, amountCents: 4200, status: "succeeded" } });
    await prisma.payment.create({ data: { userId: user.id, guideId: guide.id, amountCents: 800, status: "failed" } });

    const paid = await (await send("/api/admin/get-allbookings?paymentStatus=paid", { token })).json();
    expect(paid.meta.total).toBe(2);
    expect(paid.bookings).toHaveLength(2);
    const failed = await (await send("/api/admin/getall/payments?status=failed", { token })).json();
    expect(failed.meta.total).toBe(1);
    // The whole lists too: every booking has a payment status, every payment a status.
    expect((await (await send("/api/admin/get-allbookings", { token })).json()).meta.total).toBe(3);
    expect((await (await send("/api/admin/getall/payments", { token })).json()).meta.total).toBe(2);
    const stats = await (await send("/api/admin/dashboard/Stats", { token })).json();
    expect(JSON.stringify(stats)).toMatch(/"revenueCents":4200\b/);
    expect(JSON.stringify(stats)).toMatch(/"totalBookings":3\b/);
    // The admin who asks, the mentee and the guide: the users list counts the mentee, the guides list the guide.
    expect((await (await send("/api/admin/get-user-list", { token })).json()).meta.total).toBe(1);
    expect((await (await send("/api/admin/get-mentor-list", { token })).json()).meta.total).toBe(1);
    // The people directory likewise, an inactive mentee included and a deleted one not.
    await createPerson("user", { status: "inactive" });
    await prisma.user.update({ where: { id: (await createPerson("user")).id }, data: { isDeleted: true } });
    expect((await (await send("/api/admin/user-guide/list?filter=users", { token })).json()).meta.total).toBe(2);
    expect((await (await send("/api/admin/user-guide/list?filter=guides", { token })).json()).meta.total).toBe(1);
    await prisma.user.deleteMany({ where: { role: "user", status: "inactive" } });
    // Filtered by verification, from the totals kept per role and verification.
    const unverified = await createPerson("user", { isVerified: false });
    const onlyUnverified = await (await send("/api/admin/get-user-list?isVerified=false", { token })).json();
    expect(onlyUnverified.meta.total).toBe(1);
    expect(onlyUnverified.data.map((row: { id: number }) => row.id)).toEqual([unverified.id]);
    expect((await (await send("/api/admin/get-user-list?isVerified=true", { token })).json()).meta.total).toBe(1);
    // Guide requests per status, without those of a guide who was deleted.
    const gone = await createPerson("guide");
    for (const [guideId, status] of [[guide.id, "approved"], [gone.id, "approved"], [gone.id, "pending"]] as const) await prisma.guideRequest.create({ data: { guideId, status } });
    await prisma.user.update({ where: { id: gone.id }, data: { isDeleted: true } });
    const requests = async (status: string) => (await (await send(`/api/admin/get-mentor-request-list?status=${status}`, { token })).json()).meta.total;
    expect(await requests("approved")).toBe(1);
    expect(await requests("pending")).toBe(0);
    expect(await requests("all")).toBe(1);
  });
});
