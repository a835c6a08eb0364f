import { randomBytes } from "node:crypto";
import { dateRangeChoices } from "#app/lib/date-range.ts";
import { expect, test } from "./fixtures";
import { screenSizes } from "./helpers.ts";

const bookings = "/admin/dashboard/Bookings";
const ZONE = "Pacific/Auckland";
const DAY = 24 * 60 * 60 * 1000;

for (const [device, viewport] of screenSizes) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    test("narrow Bookings to the last 7 days of sessions in the admin's zone, see the range, clear it", async ({ page, signIn, createPerson, e2eDb }) => {
      await signIn("admin", { timeZone: ZONE });
      const [user, guide] = await Promise.all([createPerson("user"), createPerson("guide")]);
      // A word only these two bookings' topics hold, so the list shows them alone.
      const word = `Quillan${randomBytes(4).toString("hex").replace(/\d/g, (digit) => "ghijklmnop"[Number(digit)])}`;
      const booking = (daysAgo: number, topic: string) =>
        e2eDb.booking.create({ data: { userId: user.id, guideId: guide.id, topic: `${word} ${topic}`, startsAt: new Date(Date.now() - daysAgo * DAY) } });
      await booking(1, "yesterday");
      await booking(12, "twelve days ago");

      await page.goto(`${bookings}?search=${word}`);
      const rows = page.locator("tbody tr");
      await expect(rows).toHaveCount(2);

      await page.getByRole("link", { name: "Last 7 days" }).click();
      const lastWeek = dateRangeChoices(ZONE).find((choice) => choice.label === "Last 7 days")!;
      await expect(page).toHaveURL(new RegExp(`from=${lastWeek.from}&to=${lastWeek.to}`));
      await expect(page).toHaveURL(new RegExp(`search=${word}`));
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText(`${word} yesterday`);
      await expect(page.getByText("1–1 of 1 · Page 1 of 1")).toBeVisible();
      await expect(page.getByRole("link", { name: "Last 7 days" })).toHaveAttribute("aria-current", "true");
      const range = page.getByRole("group", { name: "Dates" });
      await expect(range.getByLabel("From")).toHaveValue(lastWeek.from);
      await expect(range.getByLabel("To")).toHaveValue(lastWeek.to);
      await expect(page.getByText(/^Session: /)).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      // Bookings made in that week instead: both were made today.
      await range.getByLabel("Date of").selectOption("booked");
      await expect(page).toHaveURL(/date=booked/);
      await expect(rows).toHaveCount(2);
      // The range in force names the date it is of.
      await expect(page.getByText(/^Booked: /)).toBeVisible();

      await page.getByRole("link", { name: /^Clear dates/ }).click();
      await expect(page).not.toHaveURL(/from=|to=/);
      await expect(rows).toHaveCount(2);
      await expect(range.getByLabel("From")).toHaveValue("");
    });

    test("a range typed while the payment status just chosen still loads keeps that status", async ({ page, signIn, createPerson, e2eDb }) => {
      await signIn("admin", { timeZone: "UTC" });
      const [user, guide] = await Promise.all([createPerson("user"), createPerson("guide")]);
      const word = `Quirk${randomBytes(4).toString("hex").replace(/\d/g, (digit) => "ghijklmnop"[Number(digit)])}`;
      for (const [day, paymentStatus, topic] of [["2030-05-10", "paid", "paid in May"], ["2030-05-12", "pending", "pending in May"], ["2030-06-10", "paid", "paid in June"]]) {
        await e2eDb.booking.create({ data: { userId: user.id, guideId: guide.id, topic: `${word} ${topic}`, startsAt: new Date(`${day}T12:00:00Z`), paymentStatus } });
      }
      await page.goto(`${bookings}?search=${word}`);
      const rows = page.locator("tbody tr");
      await expect(rows).toHaveCount(3);

      // The status's page is held on its way, as on a slow connection, until the range has been typed.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      let first = true;
      await page.route(/\.data\?/, async (route) => {
        if (first) {
          first = false;
          await held;
        }
        await route.continue();
      });
      await page.getByLabel("Payment status").selectOption("paid");
      await expect(page.getByRole("table")).toHaveAttribute("aria-busy", "true");
      await page.getByRole("group", { name: "Dates" }).getByLabel("From").fill("2030-05-01");
      release();

      await expect(page).toHaveURL(/paymentStatus=paid/);
      await expect(page).toHaveURL(/from=2030-05-01/);
      await expect(page).toHaveURL(new RegExp(`search=${word}`));
      await expect(rows).toHaveCount(2);
      await expect(page.getByLabel("Payment status")).toHaveValue("paid");
      await page.getByRole("group", { name: "Dates" }).getByLabel("To").fill("2030-05-31");
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText(`${word} paid in May`);
    });
  });

  test.describe(`on a ${device}, without JavaScript`, () => {
    test.use({ viewport, javaScriptEnabled: false });

    test("type a range of session days and apply it", async ({ page, signIn, createPerson, e2eDb }) => {
      await signIn("admin", { timeZone: "UTC" });
      const [user, guide] = await Promise.all([createPerson("user"), createPerson("guide")]);
      const word = `Quillet${randomBytes(4).toString("hex").replace(/\d/g, (digit) => "ghijklmnop"[Number(digit)])}`;
      for (const [day, topic] of [["2030-05-10T12:00:00Z", "in May"], ["2030-06-10T12:00:00Z", "in June"]]) {
        await e2eDb.booking.create({ data: { userId: user.id, guideId: guide.id, topic: `${word} ${topic}`, startsAt: new Date(day) } });
      }
      await page.goto(`${bookings}?search=${word}`);
      const range = page.getByRole("group", { name: "Dates" });
      await range.getByLabel("From").fill("2030-05-01");
      await range.getByLabel("To").fill("2030-05-31");
      await page.getByRole("button", { name: "Apply dates" }).click();
      await expect(page).toHaveURL(/from=2030-05-01&to=2030-05-31/);
      await expect(page.locator("tbody tr")).toHaveCount(1);
      await expect(page.locator("tbody tr").first()).toContainText(`${word} in May`);
      await expect(page.getByText("Session: May 1, 2030 – May 31, 2030")).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    });
  });
}
