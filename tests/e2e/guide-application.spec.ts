import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { screenSizes, toast } from "./helpers.ts";
import { overflowProblems } from "./layout-checks.ts";

const PASSWORD = "Str0ng!pass";

/** The 6-digit code of the newest verification mail to `email`, read as the admin reads it: in the console's Outbox. */
async function codeFromOutbox(admin: Page, email: string) {
  await admin.goto(`/admin/dashboard/outbox?${new URLSearchParams({ search: email })}`);
  await admin.getByRole("link", { name: "Your Ministry Mentors verification code", exact: true }).first().click();
  await expect(admin.getByRole("heading", { level: 1, name: "Your Ministry Mentors verification code" })).toBeVisible();
  const textPart = admin.getByRole("region", { name: "Text part" });
  const code = /\b(\d{6})\b/.exec((await textPart.textContent()) ?? "")?.[1];
  expect(code, "a 6-digit code in the text part").toBeTruthy();
  // The HTML part is there too, in a frame with no permissions (scripts, forms and its own origin all off).
  const frame = admin.getByTitle("HTML part of “Your Ministry Mentors verification code”");
  await expect(frame).toBeVisible();
  await expect(frame).toHaveAttribute("sandbox", "");
  await expect(frame).toHaveAttribute("srcdoc", new RegExp(code!));
  return code!;
}

for (const [device, viewport] of screenSizes) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    test("a pastor applies from Become a Mentor, verifies, sees 'pending'; the admin approves; the dashboard opens", async ({ browser, page: admin, signIn, baseURL }) => {
      // A whole application, a verification, two sign-ins and a decision: longer than one screen's test.
      test.setTimeout(120_000);
      await signIn("admin");
      const pastorContext = await browser.newContext({ viewport, baseURL });
      const pastor = await pastorContext.newPage();
      const tag = randomBytes(4).toString("hex");
      const email = `pastor.${tag}@e2e.test`;
      const name = "Miriam Okafor";
      const howToServe = `I would like to walk with youth pastors in their first years, one evening a week. (${tag})`;

      // Become a Mentor leads to the application, in the words the rest of the site uses: a mentor, not a "guide", and
      // a video link that is optional, not an upload the form never asks for.
      await pastor.goto("/become-mentor");
      await expect(pastor.getByRole("link", { name: "Apply to be a mentor" })).toHaveAttribute("href", "/guide-application");
      await expect(pastor.getByRole("main")).not.toContainText("Apply to be a guide");
      await expect(pastor.getByText(/link to a short introduction video is welcome but optional/)).toBeVisible();
      await expect(pastor.getByRole("main")).not.toContainText("upload a short introduction video");
      await pastor.getByRole("link", { name: "Apply to become a mentor" }).click();
      await expect(pastor).toHaveURL(/\/guide-application$/);
      await expect(pastor.getByRole("heading", { level: 1, name: "Apply to mentor ministry leaders" })).toBeVisible();

      // A submit with nothing filled in: the messages beside their fields, nothing sent.
      await pastor.getByRole("button", { name: "Submit application" }).click();
      await expect(pastor.getByText("Name is required")).toBeVisible();
      await expect(pastor.getByText("Please accept the terms of service to apply")).toBeVisible();
      await expect(pastor).toHaveURL(/\/guide-application$/);

      await pastor.getByLabel("Full name").fill(name);
      await pastor.getByLabel("Email").fill(email);
      await pastor.getByLabel("Phone number").fill("+1 503-555-0134");
      await pastor.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await pastor.getByLabel("Confirm password").fill(PASSWORD);
      await pastor.getByLabel("Job title").fill("Youth Pastor");
      await pastor.getByLabel("Church or organisation").fill("New Hope Church");
      await pastor.getByLabel("Years of ministry experience").fill("14");
      await pastor.getByLabel("Category").selectOption("Youth Ministry");
      await pastor.getByRole("textbox", { name: "Education entry 1" }).fill("M.Div., Wheaton College");
      // Keyboard: Enter in a filled list entry starts the next one, with the focus in it.
      await pastor.getByRole("textbox", { name: "Language 1" }).press("Enter");
      await expect(pastor.getByRole("textbox", { name: "Language 2" })).toBeFocused();
      await pastor.keyboard.type("Igbo");
      await pastor.getByLabel("Bio").fill("Fourteen years in youth ministry in two cities.");
      await pastor.getByRole("checkbox", { name: "Youth Ministry" }).check();
      await pastor.getByRole("textbox", { name: "Area of expertise 1" }).fill("Volunteer teams");
      // Two references are required, and the label says so.
      await expect(pastor.getByRole("group", { name: "References (2 required)" })).toBeVisible();
      await pastor.getByRole("textbox", { name: "Reference 1" }).fill("Rev. Ana Diaz, Senior Pastor, Hope Church");
      await pastor.getByRole("textbox", { name: "Reference 2" }).fill("Dr. Paul Kim, District Superintendent");
      await pastor.getByRole("textbox", { name: "Reference 2" }).press("Enter");
      await expect(pastor.getByRole("textbox", { name: "Reference 3" })).toBeFocused();
      // A list entry is removed with its button.
      await pastor.getByRole("button", { name: "Remove reference 3" }).click();
      await expect(pastor.getByRole("textbox", { name: "Reference 3" })).toHaveCount(0);
      await pastor.getByLabel("How would you like to serve?").fill(howToServe);
      await pastor.getByLabel("Price for 60 minutes (USD)").fill("60");
      await pastor.getByRole("checkbox", { name: /I agree to the Terms of Service/ }).check();
      await pastor.getByRole("button", { name: "Submit application" }).click();

      // Their address is proved with the code the outbox kept.
      await expect(pastor).toHaveURL(/\/verify-email\?email=/);
      const code = await codeFromOutbox(admin, email);
      await pastor.getByLabel("Verification code").fill(code);
      await pastor.getByRole("button", { name: "Verify and continue" }).click();
      await expect(pastor).toHaveURL(/\/mentor-dashboard\/application$/);
      await expect(pastor.getByText("Pending review")).toBeVisible();

      // Signed out and in again: the mentor area shows where the application stands, and nothing else.
      await pastorContext.clearCookies();
      await pastor.goto("/login");
      await pastor.getByLabel("Email").fill(email);
      await pastor.getByLabel("Password").fill(PASSWORD);
      await pastor.getByRole("button", { name: "Sign in" }).click();
      await expect(pastor).toHaveURL(/\/mentor-dashboard\/application$/);
      await expect(pastor.getByRole("heading", { level: 1, name: "My Application" })).toBeVisible();
      await expect(pastor.getByText("Your application is being reviewed")).toBeVisible();
      await expect(pastor.getByText(howToServe)).toBeVisible();
      await pastor.goto("/mentor-dashboard/bookings");
      await expect(pastor).toHaveURL(/\/mentor-dashboard\/application$/);

      // The admin reads their words and approves.
      await admin.goto(`/admin/dashboard/guide-request?${new URLSearchParams({ search: email })}`);
      await admin.getByText("Read application").click();
      await expect(admin.getByText(howToServe)).toBeVisible();
      // Their words opened in the row push neither the page nor Approve out of sight (the panel ran off a phone's
      // card, and off the table's edge on a laptop, Approve behind a sideways scroll).
      const approveRight = await admin.getByRole("button", { name: `Approve ${name}` }).evaluate((button) => button.getBoundingClientRect().right);
      expect(approveRight).toBeLessThanOrEqual(viewport.width);
      const panelFits = await admin.getByText(howToServe).evaluate((words) => words.parentElement!.parentElement!.getBoundingClientRect().right <= words.closest("td")!.getBoundingClientRect().right + 1);
      expect(panelFits).toBe(true);
      expect(await overflowProblems(admin)).toEqual([]);
      await admin.getByRole("button", { name: `Approve ${name}` }).click();
      await expect(toast(admin, "Action Successful")).toBeVisible();
      // Approve went with its row: focus goes to the page's main content, not the page body (where Tab starts over).
      await expect(admin.locator("#main")).toBeFocused();

      // The approval e-mail reached the outbox, and the guide's dashboard is open.
      await admin.goto(`/admin/dashboard/outbox?${new URLSearchParams({ search: email })}`);
      await expect(admin.getByRole("link", { name: "Your guide application has been approved", exact: true })).toBeVisible();
      await pastor.goto("/mentor-dashboard");
      await expect(pastor).toHaveURL(/\/mentor-dashboard$/);
      await pastor.goto("/mentor-dashboard/application");
      await expect(pastor.getByText("Your application has been approved")).toBeVisible();
      await pastor.getByRole("link", { name: "Go to your dashboard" }).click();
      await expect(pastor).toHaveURL(/\/mentor-dashboard$/);
      await pastorContext.close();
    });
  });
}
