import { randomBytes } from "node:crypto";
import { expect, test } from "./fixtures.ts";
import { screenSizes, toast } from "./helpers.ts";

for (const [device, viewport] of screenSizes) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    test("a visitor searches the FAQ and sends a question; the admin sees it in Customer Queries", async ({ page, signIn }) => {
      const subject = `Paying by church card ${randomBytes(4).toString("hex")}`;
      await page.goto("/support");
      await expect(page.getByRole("heading", { name: "Support Center", level: 1 })).toBeVisible();

      const search = page.getByRole("searchbox", { name: "Search the FAQs" });
      await search.fill("refund");
      await search.press("Enter");
      await expect(page).toHaveURL(/\/support\?q=refund/);
      const answers = page.getByRole("list", { name: "Answers for “refund”" });
      // The answers about refunds (the cancellation policy among them) are found by what their policy placeholders say.
      await answers.getByText("What is the cancellation policy?").click();
      await expect(answers.getByText(/Cancel at least \d+ hours before the session for a full refund/)).toBeVisible();

      // A missing e-mail is caught before anything is sent.
      await page.getByLabel("Your name").fill("Pastor Lena Ortiz");
      await page.getByRole("button", { name: "Send question" }).click();
      await expect(page.getByText("Email is required")).toBeVisible();

      await page.getByLabel("Email address").fill(`lena.${randomBytes(3).toString("hex")}@e2e.test`);
      await page.getByLabel("Subject").fill(subject);
      await page.getByLabel("Message").fill("Can our church's card pay for my sessions each month?");
      await page.getByRole("button", { name: "Send question" }).click();
      await expect(toast(page, "Question Sent")).toBeVisible();
      await expect(page.getByRole("status").filter({ hasText: "Thank you, your question is on its way." })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      await signIn("admin");
      await page.goto(`/admin/dashboard/customer-queries?search=${encodeURIComponent(subject)}`);
      const row = page.locator("tbody tr").filter({ hasText: subject });
      await expect(row).toBeVisible();
      await expect(row).toContainText("Pastor Lena Ortiz");
      await expect(row).toContainText("Open");
    });
  });
}

test("a signed-in mentee's dashboard query form is empty again after 'Query Submitted', and keeps the text when refused", async ({ page, signIn }) => {
  await signIn("user");
  await page.goto("/user-dashboard/query");
  const subject = page.getByLabel("Subject");
  const message = page.getByLabel("Message");
  await subject.fill("Invoice for my church");
  await message.fill("Could I get a receipt addressed to our church for last month's sessions?");
  await page.getByRole("button", { name: "Send query" }).click();
  await expect(toast(page, "Query Submitted")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Invoice for my church" })).toBeVisible();
  await expect(subject).toHaveValue("");
  await expect(message).toHaveValue("");

  // Refused (no message): what was typed stays.
  await subject.fill("Second question");
  await page.getByRole("button", { name: "Send query" }).click();
  await expect(page.getByText("Message is required")).toBeVisible();
  await expect(subject).toHaveValue("Second question");
});
