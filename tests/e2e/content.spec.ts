import { expect, test, type SignedIn } from "./fixtures.ts";
import { toast } from "./helpers.ts";

test.describe("console content and operations", () => {
  let admin: SignedIn;
  test.beforeEach(async ({ signIn }) => {
    admin = await signIn("admin");
  });

  test("answer a customer query", async ({ page }) => {
    await page.goto("/admin/dashboard/customer-queries?sort=status&order=asc");
    await expect(page.getByRole("heading", { name: "Customer Queries" })).toBeVisible();
    const open = page.locator("tbody tr").filter({ hasText: "Open" }).first();
    const subject = (await open.locator('td[data-label="Subject"]').innerText()).trim();
    await open.getByRole("link", { name: /^Read query/ }).click();
    await expect(page).toHaveURL(/[?&]query=\d+/);
    const id = new URL(page.url()).searchParams.get("query");
    const dialog = page.getByRole("dialog", { name: subject });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Submit Answer" }).click();
    await expect(dialog.getByText("Answer is required")).toBeVisible();
    await dialog.getByLabel("Your answer").fill("Thank you for writing. We have sorted this out for you.");
    await dialog.getByRole("button", { name: "Submit Answer" }).click();
    await expect(toast(page, "Answer Submitted")).toBeVisible();
    await expect(page).not.toHaveURL(/query=/);
    await page.goto(`/admin/dashboard/customer-queries?query=${id}`);
    const answered = page.getByRole("dialog", { name: subject });
    await expect(answered.locator("p", { hasText: "Thank you for writing. We have sorted this out for you." })).toBeVisible();
    await expect(answered.getByText("Answered", { exact: true })).toBeVisible();
  });

  test("create a resource and see it on /resources", async ({ page }, testInfo) => {
    // Its own title on a retry: the first attempt's resource may already be listed.
    const title = `Board Retreat Planning Kit${testInfo.retry ? ` ${testInfo.retry}` : ""}`;
    await page.goto("/admin/dashboard/resource-content");
    await page.getByRole("link", { name: "Add" }).click();
    const dialog = page.getByRole("dialog", { name: "Create Resource" });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Type").selectOption("template");
    await dialog.getByLabel("Description").fill("Agenda, prayer guide and worksheets for an elder board retreat.");
    await dialog.getByLabel("File (PDF or image)").setInputFiles({ name: "retreat-kit.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n%%EOF") });
    await dialog.getByRole("button", { name: "Create Resource" }).click();
    await expect(toast(page, "Content created")).toBeVisible();
    await expect(page.locator("tbody tr").first()).toContainText(title);

    await page.goto("/resources");
    const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
    await expect(card).toBeVisible();
    await expect(card).toContainText("Template");
    await expect(card.getByRole("link", { name: /Download/ })).toHaveAttribute("href", /^\/images\/[0-9a-f-]{36}$/);
  });

  test("deactivate an FAQ and see it disappear from /faq", async ({ page }) => {
    const question = "Who are the guides?";
    await page.goto("/faq");
    await expect(page.getByText(question)).toBeVisible();

    await page.goto("/admin/dashboard/faqs");
    await page.getByPlaceholder("Search FAQs...").fill(question);
    await expect(page.locator("tbody tr")).toHaveCount(1);
    await page.getByRole("switch", { name: `${question}: FAQ active` }).click();
    await expect(toast(page, "FAQ Updated")).toBeVisible();
    await expect(page.getByRole("switch", { name: `${question}: FAQ inactive` })).toBeVisible();

    await page.goto("/faq");
    await expect(page.getByRole("heading", { name: "Frequently Asked Questions" })).toBeVisible();
    await expect(page.getByText(question)).toHaveCount(0);
  });

  test("edit the home page content and see it on /", async ({ page }) => {
    await page.goto("/admin/dashboard/website-content");
    await expect(page.getByRole("heading", { name: "Home Page Content" })).toBeVisible();
    const hero = page.getByRole("group", { name: "Hero" });
    await hero.getByLabel("Heading", { exact: true }).fill("Mentors for every season of ministry");
    const sections = page.getByRole("group", { name: "Sections" });
    const before = await sections.getByRole("listitem").count();
    await sections.getByRole("button", { name: "Add section" }).click();
    await expect(sections.getByRole("listitem")).toHaveCount(before + 1);
    const added = sections.getByRole("listitem").last();
    await added.getByLabel("Heading", { exact: true }).fill("Prayer and practice");
    await added.getByLabel("Text").fill("Guides pray with you and help you plan the next step.");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(toast(page, "HomePage Updated")).toBeVisible();
    await expect(toast(page, "HomePage Updated")).toContainText("Home page updated");

    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Mentors for every season of ministry" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Prayer and practice" })).toBeVisible();
    await expect(page.getByText("Guides pray with you and help you plan the next step.")).toBeVisible();
  });

  test("message a user from the directory; their reply appears without a reload", async ({ page, e2eDb }) => {
    await page.goto("/admin/dashboard/user-guide?filter=users");
    await page.getByPlaceholder("Search Users...").fill("user@example.com");
    await expect(page.locator("tbody tr")).toHaveCount(1);
    await page.getByRole("link", { name: /^Message / }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard\/messaging\?with=\d+/);
    const userId = Number(new URL(page.url()).searchParams.get("with"));

    const box = page.getByLabel(/^Message to /);
    await box.fill("Checking in before your session on Wednesday.");
    await page.getByRole("button", { name: "Send" }).click();
    const messages = page.getByRole("list", { name: /^Messages with / });
    await expect(messages.getByText("Checking in before your session on Wednesday.")).toBeVisible();
    await expect(box).toHaveValue("");

    // The user answers from elsewhere: written straight into the server's database.
    await e2eDb.message.create({ data: { senderId: userId, recipientId: admin.id, body: "Thank you! See you then.", createdAt: new Date() } });
    await expect(messages.getByText("Thank you! See you then.")).toBeVisible({ timeout: 12_000 });
  });
});
