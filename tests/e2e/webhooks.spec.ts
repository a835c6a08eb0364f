// A guide tells their church's scheduling system about new sessions: Settings adds a webhook endpoint (a receiver this
// test starts on 127.0.0.1), shows its signing secret once, and after a mentee books, the endpoint's deliveries list
// the signed booking.created the receiver accepted. On a phone and a laptop.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { expect, test } from "./fixtures";
import { screenSizes, toast } from "./helpers.ts";

type Received = { headers: Record<string, string>; body: string };

for (const [device, viewport] of screenSizes) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    let receiver: Server;
    const received: Received[] = [];
    let origin = "";
    test.beforeAll(async () => {
      receiver = createServer((request, response) => {
        let body = "";
        request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
        request.on("end", () => {
          received.push({ headers: request.headers as Record<string, string>, body });
          response.writeHead(204).end();
        });
      });
      await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
      origin = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    });
    test.afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

    test("a guide adds an endpoint, sees its secret once, and sees the delivery of a booking", async ({ page, browser, baseURL, e2eDb, signIn, createPerson, signInAs }) => {
      const guide = await signIn("guide");
      const now = new Date();
      await e2eDb.guideProfile.create({ data: { userId: guide.id, experienceYears: 8, hourlyRateCents: 4000, noticeHours: 24, horizonDays: 30, createdAt: now, updatedAt: now } });
      for (let weekday = 0; weekday < 7; weekday++) await e2eDb.availability.create({ data: { guideId: guide.id, weekday, startTime: "09:00", endTime: "17:00" } });
      await e2eDb.sessionOption.create({ data: { guideId: guide.id, minutes: 60, priceCents: 4000 } });

      await page.goto("/mentor-dashboard/settings");
      const section = page.getByRole("region", { name: "Webhooks" });
      await expect(section).toContainText("You have no webhook endpoints.");
      // An address on the private network is refused beside the field, and what was typed stays.
      await section.getByLabel("Endpoint URL").fill("https://10.0.0.1/hooks");
      await section.getByRole("button", { name: "Add endpoint" }).click();
      await expect(section.getByText("This address is not on the public internet")).toBeVisible();
      await expect(section.getByLabel("Endpoint URL")).toHaveValue("https://10.0.0.1/hooks");

      await section.getByLabel("Endpoint URL").fill(`${origin}/church-calendar`);
      await section.getByRole("checkbox", { name: /booking\.cancelled/ }).uncheck();
      await section.getByRole("button", { name: "Add endpoint" }).click();
      await expect(toast(page, "Endpoint Added")).toBeVisible();
      const secret = await section.getByLabel("Signing secret").inputValue();
      expect(secret).toMatch(/^whsec_/);
      const endpoints = section.getByRole("list", { name: "Your webhook endpoints" });
      await expect(endpoints).toContainText(`${origin}/church-calendar`);
      await expect(endpoints).toContainText("nothing sent yet");
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      // Shown once: after a reload the secret is nowhere on the page.
      await page.reload();
      await expect(section.getByLabel("Signing secret")).toHaveCount(0);
      expect(await page.content()).not.toContain(secret);

      // A mentee books the guide (the booking dialog, then the test checkout's page).
      const mentee = await createPerson("user");
      const menteeContext = await browser.newContext({ baseURL, viewport });
      await signInAs(mentee.email, menteeContext);
      const menteePage = await menteeContext.newPage();
      await menteePage.goto(`/mentor/${guide.id}`);
      await menteePage.getByRole("link", { name: "Book a session" }).first().click();
      const dialog = menteePage.getByRole("dialog", { name: `Book a session with ${guide.name}` });
      await dialog.getByRole("link", { name: /^\d{1,2}:\d{2}\s[AP]M$/ }).first().click();
      await dialog.getByLabel("What would you like to talk about?").fill("Planning a church plant");
      await dialog.getByLabel(/^I accept the confidentiality covenant/).check();
      await dialog.getByRole("button", { name: "Confirm and pay" }).click();
      await expect(menteePage.getByText("Test mode").first()).toBeVisible();
      await menteeContext.close();

      // The server's jobs send it once the booking has committed (at once, or at the worker's next poll), signed with the secret.
      await expect.poll(() => received.filter((request) => request.body.includes(`"id":${guide.id}`)).length, { timeout: 30_000 }).toBeGreaterThan(0);
      const delivered = received.find((request) => request.body.includes(`"id":${guide.id}`))!;
      const event = new Webhook(secret).verify(delivered.body, delivered.headers) as { type: string; data: { booking: { topic: string } } };
      expect(event.type).toBe("booking.created");
      expect(event.data.booking.topic).toBe("Planning a church plant");

      await page.reload();
      await expect(endpoints).toContainText("delivered");
      await endpoints.getByRole("link", { name: `Deliveries to ${origin}/church-calendar` }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Webhook deliveries" })).toBeVisible();
      const table = page.getByRole("table", { name: "Delivery attempts to this endpoint" });
      await expect(table).toContainText("booking.created");
      await expect(table).toContainText("204 · Delivered");
      await expect(page.getByText("Deliveries are kept for 30 days.")).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    });
  });
}
