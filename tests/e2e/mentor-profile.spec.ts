import { expect, test } from "./fixtures";
import { refreshGuideSearchNow, type E2eDb } from "./database.ts";
import { screenSizes } from "./helpers.ts";

/** Makes a guide bookable: a profile and one hour at $50. */
async function bookable(e2eDb: E2eDb, guideId: number) {
  const now = new Date();
  await e2eDb.guideProfile.create({ data: { userId: guideId, experienceYears: 3, hourlyRateCents: 5000, createdAt: now, updatedAt: now } });
  await e2eDb.sessionOption.create({ data: { guideId, minutes: 60, priceCents: 5000 } });
}

/**
 * The public mentor profile on a phone and a laptop: found from Find a Mentor, read, reviews paged (plain links),
 * and "Book a session" signed out goes to sign-in keeping the way back.
 */
for (const [device, viewport] of screenSizes) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    test("open a profile from Find a Mentor, read it, page the reviews, and Book signed out leads to sign-in and back", async ({ page, e2eDb, createPerson }) => {
      const guide = await createPerson("guide", { title: "Lead Pastor", bio: "Thirty years of shepherding a rural church." });
      const now = new Date();
      const profileId = (await e2eDb.guideProfile.create({
        data: {
          userId: guide.id,
          experienceYears: 21,
          category: "Senior Pastors",
          recentSuccess: "Helped three churches merge well",
          videoUrl: "https://vimeo.com/76979871",
          payWhatYouWant: false,
          hourlyRateCents: 7500,
          education: JSON.stringify(["M.Div., Asbury Seminary"]),
          expertise: JSON.stringify(["Church mergers"]),
          createdAt: now,
          updatedAt: now,
        },
      })).id;
      await e2eDb.guideLanguage.create({ data: { guideProfileId: profileId, language: "English", position: 0 } });
      await e2eDb.userSpecialty.create({ data: { userId: guide.id, code: "churchPlanting" } });
      await refreshGuideSearchNow([guide.id]);
      // Seven reviews, newest first: "Review 1" is the newest; two pages of five.
      for (let i = 1; i <= 7; i++) {
        const author = await createPerson("user", { name: `Reviewer${"abcdefg"[i - 1]} Person` });
        await e2eDb.review.create({
          data: {
            authorId: author.id,
            guideId: guide.id,
            rating: 5 - (i % 2),
            content: `Review ${i} of the mentor.`,
            mentorResponse: i === 1 ? "Grateful for you!" : null,
            createdAt: new Date(now.getTime() - i * 86_400_000),
          },
        });
      }
      const slotStart = new Date(Math.ceil((now.getTime() + 3 * 86_400_000) / 3_600_000) * 3_600_000);
      // Free times come from the guide's rules (a UTC guide): that one hour opened on its date.
      const startTime = slotStart.toISOString().slice(11, 16);
      const endTime = new Date(slotStart.getTime() + 3_600_000).toISOString().slice(11, 16);
      await e2eDb.availabilityOverride.create({ data: { guideId: guide.id, date: slotStart.toISOString().slice(0, 10), startTime, endTime: endTime === "00:00" ? "24:00" : endTime } });

      // Found from a link: Find a Mentor's results.
      await page.goto(`/search?q=${encodeURIComponent(guide.name)}`);
      await page.getByRole("link", { name: guide.name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/mentor/${guide.id}$`));

      await expect(page.getByRole("heading", { level: 1, name: guide.name })).toBeVisible();
      await expect(page).toHaveTitle(`${guide.name}, Lead Pastor · Mentor · Ministry Mentors`);
      await expect(page.getByText("21 years of experience")).toBeVisible();
      await expect(page.getByText("$75.00 for 60 minutes").first()).toBeVisible();
      await expect(page.getByRole("list", { name: "Specialties" })).toContainText("Church Planting");
      await expect(page.getByText("Helped three churches merge well")).toBeVisible();
      await expect(page.getByRole("img", { name: `Photo of ${guide.name}` })).toBeVisible();
      // The video loads only when asked for.
      await expect(page.locator("iframe")).toHaveCount(0);
      await page.getByRole("link", { name: /Play the video introduction/ }).click();
      await expect(page.locator('iframe[src^="https://player.vimeo.com/video/76979871"]')).toHaveCount(1);
      // The free time in the viewer's zone (the browser's own, named).
      const freeTimes = page.getByRole("region", { name: "Next free times" });
      await expect(freeTimes.getByText(/Shown in your time zone: \S+/)).toBeVisible();
      await expect(freeTimes.locator(`time[datetime="${slotStart.toISOString()}"]`)).toBeVisible();

      // Reviews: newest first, first names only, the mentor's reply; then the older page by its link.
      const reviews = page.getByRole("region", { name: "Reviews" });
      await expect(reviews.getByText("7 reviews")).toBeVisible();
      await expect(reviews.getByRole("article").first()).toContainText("Review 1 of the mentor.");
      await expect(reviews.getByRole("heading", { name: "Reviewera" })).toBeVisible();
      await expect(reviews.getByText("Mentor Reply:")).toBeVisible();
      await expect(reviews.getByText("Grateful for you!")).toBeVisible();
      await expect(reviews.getByText("Review 6 of the mentor.")).toHaveCount(0);
      await reviews.getByRole("link", { name: "Older reviews →" }).click();
      await expect(page).toHaveURL(/reviewsPage=2/);
      await expect(reviews.getByText("Review 6 of the mentor.")).toBeVisible();
      await expect(reviews.getByText("Review 1 of the mentor.")).toHaveCount(0);
      await expect(reviews.getByText("Page 2 of 2")).toBeVisible();
      await reviews.getByRole("link", { name: "← Newer reviews" }).click();
      await expect(reviews.getByText("Review 1 of the mentor.")).toBeVisible();

      // Book a session, signed out: within reach (on a phone, the bar at the bottom of the screen), to sign-in and back.
      // After reading down to the reviews: on a phone the bar fixed to the bottom, on a laptop the sticky side column.
      const bookLinks = page.getByRole("link", { name: "Book a session" }).filter({ visible: true });
      const book = device === "phone" ? bookLinks.last() : bookLinks.first();
      await expect(book).toBeInViewport();
      await book.click();
      await expect(page).toHaveURL(new RegExp(`/login\\?redirectTo=%2Fmentor%2F${guide.id}%2Fbook$`));
      await expect(page.locator('input[name="redirectTo"]')).toHaveValue(`/mentor/${guide.id}/book`);
    });

    test("the booking dialog covers the whole page, the phone's Book bar included, and the bar is back once it closes", async ({ page, e2eDb, createPerson, signIn }) => {
      const guide = await createPerson("guide");
      await bookable(e2eDb, guide.id);
      await signIn("user");
      await page.goto(`/mentor/${guide.id}`);
      // What a tap at the bottom right of the screen reaches: on a phone the bar's "Book a session" (its price on the left), on a laptop the page.
      const atBottom = () =>
        page.evaluate(() => {
          const element = document.elementFromPoint(window.innerWidth * 0.75, window.innerHeight - 24);
          return element?.closest("[role=dialog]") ? "dialog" : element?.closest("a")?.textContent?.trim() ?? "page";
        });
      if (device === "phone") await expect.poll(atBottom).toBe("Book a session");
      await page.getByRole("link", { name: "Book a session" }).filter({ visible: true }).last().click();
      const dialog = page.getByRole("dialog", { name: `Book a session with ${guide.name}` });
      await expect(dialog).toBeVisible();
      expect(await atBottom()).not.toBe("Book a session");
      await dialog.getByRole("link", { name: "Close" }).click();
      await expect(dialog).toBeHidden();
      if (device === "phone") await expect.poll(atBottom).toBe("Book a session");
    });

    test("by keyboard: Enter on Book a session opens the dialog, Escape closes it and focus is back on the link", async ({ page, e2eDb, createPerson, signIn }) => {
      const guide = await createPerson("guide");
      await bookable(e2eDb, guide.id);
      await signIn("user");
      await page.goto(`/mentor/${guide.id}`);
      await page.getByRole("link", { name: "Book a session" }).filter({ visible: true }).first().focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: `Book a session with ${guide.name}` });
      await expect(dialog).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(new RegExp(`/mentor/${guide.id}$`));
      await expect(page.locator(":focus")).toHaveText("Book a session");
    });

    test("a mentee taps one of the next free times: the booking dialog opens with that time chosen", async ({ page, e2eDb, createPerson, signIn }) => {
      const guide = await createPerson("guide");
      await bookable(e2eDb, guide.id);
      for (let weekday = 0; weekday < 7; weekday++) await e2eDb.availability.create({ data: { guideId: guide.id, weekday, startTime: "09:00", endTime: "17:00" } });
      await signIn("user");
      await page.goto(`/mentor/${guide.id}`);
      // Nothing hovers on a phone: the list says its rows book, and each ends in an arrow.
      await expect(page.getByRole("region", { name: "Next free times" })).toContainText(/\)\. Choose one to book it\./);
      const first = page.getByRole("region", { name: "Next free times" }).getByRole("link").first();
      await expect(first.locator("svg")).toBeVisible();
      const startsAt = await first.locator("time").getAttribute("datetime");
      await first.click();
      const dialog = page.getByRole("dialog", { name: `Book a session with ${guide.name}` });
      await expect(dialog.getByText("Check the details and confirm.")).toBeVisible();
      await expect(dialog.locator(`time[datetime="${startsAt}"]`).first()).toBeVisible();
      await expect(dialog.getByRole("button", { name: "Confirm and pay" })).toBeVisible();
    });

    test("a two-column layout on a laptop, one column on a phone", async ({ page, e2eDb, createPerson }) => {
      const guide = await createPerson("guide");
      const now = new Date();
      await e2eDb.guideProfile.create({ data: { userId: guide.id, experienceYears: 3, createdAt: now, updatedAt: now } });
      await page.goto(`/mentor/${guide.id}`);
      const about = await page.getByRole("region", { name: `About ${guide.name}` }).boundingBox();
      const price = await page.getByRole("region", { name: "Price" }).boundingBox();
      expect(about && price).toBeTruthy();
      if (device === "laptop") expect(price!.x).toBeGreaterThan(about!.x + about!.width - 1);
      else expect(price!.x).toBeLessThan(about!.x + 1);
    });

    test("the phone's Book bar keeps 'Book a session' on one line beside a long price", async ({ page, e2eDb, createPerson }) => {
      const guide = await createPerson("guide");
      const now = new Date();
      await e2eDb.guideProfile.create({ data: { userId: guide.id, experienceYears: 3, createdAt: now, updatedAt: now } });
      await e2eDb.sessionOption.createMany({ data: [{ guideId: guide.id, minutes: 30, priceCents: 3500 }, { guideId: guide.id, minutes: 60, priceCents: 6500 }] });
      await page.goto(`/mentor/${guide.id}`);
      const book = page.getByRole("link", { name: "Book a session" }).filter({ visible: true }).last();
      await expect(book).toBeVisible();
      // One line of text: the link's text is no taller than its line height.
      const lines = await book.evaluate((link) => {
        const range = document.createRange();
        range.selectNodeContents(link);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      });
      expect(lines).toBe(1);
      if (device === "phone") await expect(page.getByText("from $35.00 for 30 minutes").last()).toBeInViewport();
    });

    test("an unknown mentor is the site's not-found page", async ({ page }) => {
      const response = await page.goto("/mentor/987654321");
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
      await expect(page.getByRole("contentinfo")).toBeVisible();
    });
  });
}
