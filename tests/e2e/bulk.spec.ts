import { randomBytes } from "node:crypto";
import { expect, test } from "./fixtures";
import { screenSizes, toast } from "./helpers.ts";

for (const [device, viewport] of screenSizes) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    test("the admin selects three users, deactivates them, and Undo in the toast makes them active again", async ({ page, signIn, createPerson, e2eDb }) => {
      await signIn("admin");
      const organisation = `Bulk Fellowship ${randomBytes(4).toString("hex").replace(/\d/g, (digit) => "ghijklmnop"[Number(digit)])}`;
      const people = [];
      for (let index = 0; index < 3; index++) people.push(await createPerson("user", { organisation }));
      await page.goto(`/admin/dashboard/user-management/user?search=${encodeURIComponent(organisation)}`);

      const bar = page.getByRole("form", { name: "Change selected users" });
      await expect(bar.getByRole("button", { name: "Deactivate selected" })).toBeDisabled();
      for (const person of people) await page.getByRole("checkbox", { name: `Select ${person.name}` }).check();
      await expect(bar.getByRole("status")).toHaveText("3 selected");
      await expect(page.getByRole("checkbox", { name: "Select all on this page" })).toBeChecked();
      // The page holds every match: nothing more to select.
      await expect(bar.getByRole("button", { name: /Select all .* matching/ })).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      await bar.getByRole("button", { name: "Deactivate selected" }).click();
      const dialog = page.getByRole("alertdialog", { name: "Deactivate 3 users?" });
      await expect(dialog).toBeVisible();
      // The safe choice has the focus first.
      await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
      // Confirmed by keyboard: focus goes to the main content (not the page body, as the disabled button left it), and
      // the rows are no longer selected, so a second press cannot change them again.
      await page.keyboard.press("Tab");
      await expect(dialog.getByRole("button", { name: "Confirm" })).toBeFocused();
      await page.keyboard.press("Enter");

      await expect(toast(page, "Action Successful")).toContainText("3 users deactivated");
      await expect(page.locator("main#main")).toBeFocused();
      await expect(bar.getByRole("status")).toHaveText("Select users to change several at once");
      await expect(page.getByRole("checkbox", { name: `Select ${people[0].name}` })).not.toBeChecked();
      await expect(bar.getByRole("button", { name: "Deactivate selected" })).toBeDisabled();
      const ids = people.map((person) => person.id);
      const statuses = async () => (await e2eDb.user.findMany({ where: { id: { in: ids } }, select: { status: true } })).map((row) => row.status);
      await expect.poll(statuses).toEqual(["inactive", "inactive", "inactive"]);
      await expect(page.getByRole("switch", { name: new RegExp(people[0].name) })).not.toBeChecked();

      await toast(page, "Action Successful").getByRole("button", { name: "Undo" }).click();
      await expect(toast(page, "Change Undone")).toContainText("3 users restored");
      await expect.poll(statuses).toEqual(["active", "active", "active"]);
      await expect(page.getByRole("switch", { name: new RegExp(people[0].name) })).toBeChecked();
    });

    test("the admin hides two reviews with one reason and undoes it, then rejects two guide requests with one reason", async ({ page, signIn, createPerson, e2eDb }) => {
      await signIn("admin");
      const letters = randomBytes(4).toString("hex").replace(/\d/g, (digit) => "ghijklmnop"[Number(digit)]);
      const guide = await createPerson("guide");
      const author = await createPerson("user");
      const reviews = [];
      for (const content of ["A wise and patient mentor for our staff.", "Helped me plan the church's next season."]) {
        reviews.push(await e2eDb.review.create({ data: { authorId: author.id, guideId: guide.id, rating: 5, content }, select: { id: true } }));
      }
      const reviewIds = reviews.map((review) => review.id);
      const hidden = async () => (await e2eDb.review.findMany({ where: { id: { in: reviewIds } }, orderBy: { id: "asc" } })).map((row) => row.hiddenReason);

      await page.goto(`/admin/dashboard/all-review?guideId=${guide.id}`);
      const reviewBar = page.getByRole("form", { name: "Change selected reviews" });
      await expect(page.getByRole("checkbox", { name: `Select Review by ${author.name} of ${guide.name}` })).toHaveCount(2);
      await page.getByRole("checkbox", { name: "Select all on this page" }).check();
      await expect(reviewBar.getByRole("status")).toHaveText("2 selected");
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await reviewBar.getByRole("button", { name: "Hide selected" }).click();
      const hideDialog = page.getByRole("alertdialog", { name: "Hide 2 reviews?" });
      await hideDialog.getByLabel("Reason for hiding").fill("Shares another member's story without consent");
      await hideDialog.getByRole("button", { name: "Confirm" }).click();
      await expect(toast(page, "Action Successful")).toContainText("2 reviews hidden");
      await expect.poll(hidden).toEqual(["Shares another member's story without consent", "Shares another member's story without consent"]);
      await expect(page.getByText("Reason: Shares another member's story without consent")).toHaveCount(2);

      await toast(page, "Action Successful").getByRole("button", { name: "Undo" }).click();
      await expect(toast(page, "Change Undone")).toContainText("2 reviews restored");
      await expect.poll(hidden).toEqual([null, null]);
      await expect(page.getByText("Reason: Shares another member's story without consent")).toHaveCount(0);

      const organisation = `Applicants ${letters}`;
      const applicants: { id: number; name: string }[] = [];
      for (let index = 0; index < 2; index++) {
        const applicant = await createPerson("guide", { organisation });
        await e2eDb.user.update({ where: { id: applicant.id }, data: { isVerified: false } });
        await e2eDb.guideRequest.create({ data: { guideId: applicant.id, status: "pending" } });
        applicants.push(applicant);
      }
      const decisions = async () =>
        (await e2eDb.guideRequest.findMany({ where: { guideId: { in: applicants.map((applicant) => applicant.id) } }, orderBy: { id: "asc" } })).map((row) => [row.status, row.declineReason]);

      await page.goto(`/admin/dashboard/guide-request?search=${encodeURIComponent(organisation)}`);
      const requestBar = page.getByRole("form", { name: "Change selected guide requests" });
      for (const applicant of applicants) await page.getByRole("checkbox", { name: `Select ${applicant.name}` }).check();
      await requestBar.getByRole("button", { name: "Reject selected" }).click();
      const rejectDialog = page.getByRole("alertdialog", { name: "Reject 2 guide requests?" });
      await expect(rejectDialog).toContainText("this cannot be undone");
      // Without a reason the dialog stays, and nothing is decided.
      await rejectDialog.getByRole("button", { name: "Confirm" }).click();
      await expect(rejectDialog).toBeVisible();
      await expect(rejectDialog.getByLabel("Reason for declining")).toBeFocused();
      await rejectDialog.getByLabel("Reason for declining").fill("Please apply again with two references from your church.");
      await rejectDialog.getByRole("button", { name: "Confirm" }).click();
      await expect(toast(page, "Action Successful")).toContainText("2 guide requests rejected");
      await expect(toast(page, "Action Successful").getByRole("button", { name: "Undo" })).toHaveCount(0);
      await expect.poll(decisions).toEqual([
        ["rejected", "Please apply again with two references from your church."],
        ["rejected", "Please apply again with two references from your church."],
      ]);
      await expect(page.getByRole("checkbox", { name: `Select ${applicants[0].name}` })).toHaveCount(0);
    });
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test("the bar offers 'All N matching' instead of the page's checkbox; ticked rows go to the confirmation page", async ({ page, signIn, createPerson, e2eDb }) => {
    await signIn("admin");
    const organisation = `Plain Fellowship ${randomBytes(4).toString("hex").replace(/\d/g, (digit) => "ghijklmnop"[Number(digit)])}`;
    const people = [await createPerson("user", { organisation }), await createPerson("user", { organisation })];
    await page.goto(`/admin/dashboard/user-management/user?search=${encodeURIComponent(organisation)}`);

    const bar = page.getByRole("form", { name: "Change selected users" });
    await expect(bar.getByRole("status")).toHaveText("Select users to change several at once");
    // Ticking it could not tick the rows here: it is hidden, and "All 2 matching" takes its place.
    await expect(bar.getByRole("checkbox", { name: "Select all on this page" })).toBeHidden();
    await expect(bar.getByRole("checkbox", { name: "All 2 matching" })).toBeVisible();
    for (const person of people) await page.getByRole("checkbox", { name: `Select ${person.name}` }).check();
    await bar.getByRole("button", { name: "Deactivate selected" }).click();

    await expect(page.getByRole("heading", { name: "Deactivate 2 users?", level: 1 })).toBeVisible();
    await page.getByRole("button", { name: "Confirm" }).click();
    const statuses = async () => (await e2eDb.user.findMany({ where: { id: { in: people.map((person) => person.id) } }, select: { status: true } })).map((row) => row.status);
    await expect.poll(statuses).toEqual(["inactive", "inactive"]);
  });
});
