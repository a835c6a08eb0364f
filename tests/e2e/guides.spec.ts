import sharp from "sharp";
import { expect, test, type SignedIn } from "./fixtures.ts";
import { toast } from "./helpers.ts";

test.describe("guides", () => {
  let admin: SignedIn;
  test.beforeEach(async ({ signIn }) => {
    admin = await signIn("admin");
  });

  test("an admin creates a guide with a picture from the guide list", async ({ page }) => {
    const tag = Date.now().toString(36);
    const name = `Miriam Okafor ${tag.replace(/\d/g, (digit) => "abcdefghij"[Number(digit)])}`;
    const email = `miriam.${tag}@example.org`;
    const picture = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#16a34a" } }).png().toBuffer();

    await page.goto("/admin/dashboard/user-management/guide");
    await expect(page.getByRole("heading", { name: "Guides" })).toBeVisible();
    await page.getByRole("link", { name: "Add" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard\/add-Guide$/);
    await expect(page.getByRole("heading", { name: "Create Guide" })).toBeVisible();
    // The form's schema arrives after hydration (lib/use-app-form.ts); from then on the browser checks each field.
    await expect(page.locator("form#guide-create")).toHaveAttribute("data-validation", "browser");

    // Submit is blocked while a rule is broken; each message shows beside its field.
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText("Name is required")).toBeVisible();
    await expect(page.getByText("At least one specialty is required")).toBeVisible();
    await expect(page).toHaveURL(/add-Guide$/);

    await page.getByLabel("Profile picture", { exact: true }).setInputFiles({ name: "miriam.png", mimeType: "image/png", buffer: picture });
    await expect(page.getByRole("img", { name: "Profile picture" })).toHaveAttribute("src", /^blob:/);

    await page.getByLabel("Full name").fill(name);
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Phone Number").fill("(503) 555-0148");
    await page.getByLabel("Password", { exact: true }).fill("Str0ng!pass");
    await page.getByLabel("Confirm Password").fill("Str0ng!pass");
    await page.getByLabel("Job title").fill("Children's Pastor");
    await page.getByLabel("Church or organisation").fill("Grace Fellowship");
    await page.getByLabel("Years of Experience").fill("61");
    await page.getByLabel("Years of Experience").blur();
    await expect(page.getByText("Enter a number between 0 and 50")).toBeVisible();
    await page.getByLabel("Years of Experience").fill("14");
    await page.getByLabel("Category").selectOption("Children's Ministry");
    await page.getByLabel("Education entry 1", { exact: true }).fill("B.A., Wheaton College");
    await page.getByLabel("Language 1", { exact: true }).fill("English");
    await page.getByRole("button", { name: "Add language" }).click();
    await page.getByLabel("Language 2", { exact: true }).fill("Igbo");
    await page.getByLabel("Bio").fill("Twenty years of children's and family ministry.");
    await page.getByLabel("Children's Ministry", { exact: true }).check();
    await page.getByLabel("Discipleship").check();
    await page.getByLabel("Area of expertise 1", { exact: true }).fill("Volunteer teams 101");
    await expect(page.getByLabel("Area of expertise 1", { exact: true })).toHaveValue("Volunteer teams ");
    await page.getByLabel("Area of expertise 1", { exact: true }).fill("Volunteer teams");
    await page.getByRole("switch", { name: "Verified account" }).check();

    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard\/user-management\/guide$/);
    await expect(toast(page, "Mentor Created")).toBeVisible();

    await page.getByRole("searchbox").fill(email);
    const row = page.getByRole("row").filter({ hasText: email });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Children's Ministry");
    await expect(row).toContainText("Approved");
    await expect(row.getByRole("img", { name: `Picture of ${name}` })).toHaveAttribute("src", /^\/images\/[0-9a-f-]{36}$/);
    const src = await row.getByRole("img").getAttribute("src");
    const image = await page.request.get(src!);
    expect(image.headers()["content-type"]).toBe("image/webp");
  });

  test("an admin approves one guide request and rejects another with a reason", async ({ page }) => {
    await page.goto("/admin/dashboard/guide-request");
    await expect(page.getByRole("heading", { name: "Guide Requests" })).toBeVisible();
    const rows = page.getByRole("row").filter({ has: page.getByRole("button", { name: /^Approve / }) });
    await expect(rows.first()).toBeVisible();
    const before = await rows.count();
    expect(before).toBeGreaterThanOrEqual(2);

    // The Name cell holds the applicant's name, then their folded application.
    const nameOf = async (row: number) => (await rows.nth(row).locator('td[data-label="Name"] p').first().textContent())!.trim();
    const approveName = await nameOf(0);
    await page.getByRole("button", { name: `Approve ${approveName}` }).click();
    await expect(toast(page, "Action Successful")).toContainText("Guide request Approved");
    await expect(page.getByRole("button", { name: `Approve ${approveName}` })).toHaveCount(0);

    const rejectName = await nameOf(0);
    await page.getByRole("link", { name: `Reject ${rejectName}` }).click();
    const dialog = page.getByRole("dialog", { name: "Reject Guide Request" });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/reject=\d+/);
    await dialog.getByRole("button", { name: "Reject" }).click();
    await expect(dialog.getByText("Please give a reason for declining")).toBeVisible();
    await dialog.getByLabel("Reason for declining").fill("Please add two references from your denomination.");
    await dialog.getByRole("button", { name: "Reject" }).click();
    await expect(toast(page, "Action Successful")).toContainText("Guide request Rejected");
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("link", { name: `Reject ${rejectName}` })).toHaveCount(0);

    // The approved guide is now verified in the guide list.
    await page.goto(`/admin/dashboard/user-management/guide?search=${encodeURIComponent(approveName)}`);
    await expect(page.getByRole("row").filter({ hasText: approveName }).first()).toContainText("Approved");
  });

  test("an admin edits a guide: the picture is saved as soon as it is picked, then the form is updated", async ({ page }) => {
    // A guide made through the API, so the test does not depend on the demo data.
    const token = admin.apiToken;
    const email = `edit.${Date.now().toString(36)}@example.org`;
    const created = await page.request.post("/api/admin/create-mentor", {
      headers: { Authorization: token },
      data: {
        name: "Samuel Edits", email, phone: "+1 503 555 0111", password: "Str0ng!pass", confirmPassword: "Str0ng!pass",
        title: "Youth Pastor", organisation: "Harbor Church", experience: 8, education: ["B.A., Biola University"],
        languages: ["English"], bio: "Youth pastor for eight years.", specialties: ["youthMinistry"], expertise: ["Camps"],
        category: "Youth Ministry", isToggled: false, accountStatus: true,
      },
    });
    expect(created.status()).toBe(201);
    const { guide } = (await created.json()) as { guide: { id: number } };

    await page.goto(`/admin/dashboard/editGuide/${guide.id}`);
    await expect(page.getByRole("heading", { name: "Edit Guide" })).toBeVisible();
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
    await expect(page.getByRole("switch", { name: "Verified account" })).toHaveCount(0);

    const picture = await sharp({ create: { width: 40, height: 40, channels: 3, background: "#dc2626" } }).png().toBuffer();
    await page.getByLabel("Profile picture", { exact: true }).setInputFiles({ name: "samuel.png", mimeType: "image/png", buffer: picture });
    await expect(toast(page, "Profile Picture Updated")).toBeVisible();
    await expect(page.getByRole("img", { name: "Picture of Samuel Edits" })).toHaveAttribute("src", /^blob:|^\/images\/[0-9a-f-]{36}$/);

    await page.getByLabel("Job title").fill("Next Gen Pastor");
    await page.getByRole("button", { name: "Remove language 1" }).click();
    await page.getByRole("button", { name: "Update Guide" }).click();
    await expect(page.getByText("At least one language is required")).toBeVisible();
    await page.getByRole("button", { name: "Add language" }).click();
    await page.getByLabel("Language 1", { exact: true }).fill("Portuguese");
    await page.getByRole("button", { name: "Update Guide" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard\/user-management\/guide$/);
    await expect(toast(page, "Mentor Updated")).toBeVisible();

    const detail = await page.request.get(`/api/admin/get-mentor-by-id/${guide.id}`, { headers: { Authorization: token } });
    const { user } = (await detail.json()) as { user: { title: string; languages: string[]; imageUrl: string | null } };
    expect(user.title).toBe("Next Gen Pastor");
    expect(user.languages).toEqual(["Portuguese"]);
    expect(user.imageUrl).toMatch(/^\/images\/[0-9a-f-]{36}$/);
  });
});
