// Public accounts in a real browser: sign up → read the code from the outbox → verify → dashboard; forgot
// password → reset → sign in with the new password; and sign-up without JavaScript. On a phone and a laptop.
import { randomBytes } from "node:crypto";
import { expect, test } from "./fixtures.ts";
import { codeFromOutbox, fillSignUp, screenSizes } from "./helpers.ts";

const PASSWORD = "Shepherd-42!";
const NEW_PASSWORD = "Renewed-Path7!";

const newEmail = (tag: string) => `${tag}.${randomBytes(5).toString("hex")}@e2e.test`;

/** The 6-digit code in the newest mail to `email` (the OutboxMail table: no SMTP server in tests). */
for (const [device, viewport] of screenSizes) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    test("a visitor signs up, sees the password hints, verifies with the mailed code and lands on the dashboard", async ({ page, e2eDb }) => {
      const email = newEmail("signup");
      await page.goto("/login");
      await page.getByRole("link", { name: "Create an account" }).click();
      await expect(page.getByRole("heading", { name: "Create an Account" })).toBeVisible();

      // The live hints follow the typing, in the spec's order, and go once every rule is met.
      const password = page.getByLabel("Password", { exact: true });
      await page.getByLabel("Confirm password").fill("x");
      await expect(page.getByText("Please enter a password first.")).toBeVisible();
      await page.getByLabel("Confirm password").fill("");
      await password.pressSequentially("abc");
      const hints = page.locator(`[id="${await password.getAttribute("id")}-hints"] li`);
      await expect(hints).toHaveText([
        "Password must be at least 8 characters.",
        "Password must include at least one capital letter.",
        "Password must include at least one number.",
        "Password must include at least one special character.",
      ]);
      await password.fill("");
      await password.pressSequentially("Abcdefg1");
      await expect(hints).toHaveText(["Password must include at least one special character."]);

      // Submitting without the terms is refused beside the checkbox.
      await fillSignUp(page, { name: "Lydia Purple", email, password: PASSWORD, title: "Women's Ministry Leader", organisation: "Thyatira Fellowship" });
      await page.getByLabel(/I agree to the/).uncheck();
      await page.getByRole("button", { name: "Create account" }).click();
      await expect(page.getByText("Please accept the Terms of Service and Privacy Policy to continue.")).toBeVisible();
      await page.getByLabel(/I agree to the/).check();
      await page.getByRole("button", { name: "Create account" }).click();

      await expect(page).toHaveURL(/\/verify-email\?email=/);
      await expect(page.getByRole("heading", { name: "Verify your email" })).toBeVisible();
      await expect(page.getByText(`Enter the 6-digit code we sent to ${email}.`)).toBeVisible();
      await expect(page.getByText("Not in your inbox? Look in the spam folder. The code expires in 15 minutes.")).toBeVisible();
      // Said once: the line by "Send a new code" does not repeat the spam folder and the 15 minutes.
      await expect(page.getByText(/spam folder/)).toHaveCount(1);
      await expect(page.getByText("Still nothing after a few minutes? Ask for a new code.")).toBeVisible();
      const codeInput = page.getByLabel("Verification code");
      await expect(codeInput).toHaveAttribute("inputmode", "numeric");
      await expect(codeInput).toHaveAttribute("autocomplete", "one-time-code");

      // A wrong code first, then the right one from the outbox.
      const code = await codeFromOutbox(e2eDb, email);
      await codeInput.fill(code === "000000" ? "111111" : "000000");
      await page.getByRole("button", { name: "Verify and continue" }).click();
      await expect(page.getByText("That code is not right.")).toBeVisible();
      await codeInput.fill(code);
      await page.getByRole("button", { name: "Verify and continue" }).click();

      await expect(page).toHaveURL(/\/user-dashboard$/);
      await expect(page.getByText("Your e-mail address is verified. Welcome to Ministry Mentors!", { exact: true })).toBeVisible();
      await expect(page.getByRole("img", { name: "Picture of Lydia Purple" })).toBeVisible();
    });

    test("once hydrated, the sign-up form checks fields in the browser with the SPEC's messages, before any request to the server", async ({ page }) => {
      await page.goto("/signup");
      // The schema arrives after hydration (lib/use-app-form.ts); the form says when its browser checks are ready.
      await expect(page.locator("form#signup")).toHaveAttribute("data-validation", "browser");
      const posts: string[] = [];
      page.on("request", (request) => {
        if (request.method() !== "GET") posts.push(request.url());
      });

      await page.getByLabel("Email").fill("not-an-email");
      await page.getByLabel("Email").blur();
      await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
      await page.getByLabel("Job title").focus();
      await page.getByLabel("Job title").blur();
      await expect(page.getByText("Job title is required.")).toBeVisible();
      const password = page.getByLabel("Password", { exact: true });
      await password.pressSequentially("short");
      await password.blur();
      await expect(page.locator(`[id="${await password.getAttribute("id")}-hints"] li`).first()).toHaveText("Password must be at least 8 characters.");
      await page.getByRole("button", { name: "Create account" }).click();
      await expect(page.getByText("Please accept the Terms of Service and Privacy Policy to continue.")).toBeVisible();
      await expect(page.getByText("Organization is required.")).toBeVisible();
      // Fixing a field clears its message as it is typed.
      await page.getByLabel("Email").fill("priscilla@example.com");
      await expect(page.getByText("Please enter a valid email address.")).toHaveCount(0);
      expect(posts).toEqual([]);
    });

    test("forgot password: a code by mail, a new password, and sign-in with it", async ({ page, e2eDb, createPerson }) => {
      const person = await createPerson("user");
      await page.goto("/login");
      await page.getByRole("link", { name: "Forgot password?" }).click();
      await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
      await page.getByLabel("Email").fill(person.email);
      await page.getByRole("button", { name: "Send me a code" }).click();

      await expect(page.getByText("If an account exists for that address, we sent a code to it.")).toBeVisible();
      await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
      await page.getByLabel("Code from the e-mail").fill(await codeFromOutbox(e2eDb, person.email));
      await page.getByLabel("New password").fill(NEW_PASSWORD);
      await page.getByLabel("Confirm password").fill("Not-the-same1!");
      await page.getByRole("button", { name: "Set new password" }).click();
      await expect(page.getByText("Passwords do not match.")).toBeVisible();
      await page.getByLabel("Confirm password").fill(NEW_PASSWORD);
      await page.getByRole("button", { name: "Set new password" }).click();

      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByText("Your password has been reset. Please sign in with your new password.", { exact: true })).toBeVisible();
      await page.getByLabel("Email").fill(person.email);
      await page.getByLabel("Password").fill(NEW_PASSWORD);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page).toHaveURL(/\/user-dashboard$/);
    });
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test("sign-up shows the server's messages, keeps what was typed, then verifies and signs in", async ({ page, e2eDb }) => {
    const email = newEmail("nojs");
    await page.goto("/signup");
    await page.getByLabel("Full name").fill("Priscilla Tent");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("short");
    await page.getByRole("button", { name: "Create account" }).click();

    await expect(page.getByText("Password must be at least 8 characters and include one capital letter.")).toBeVisible();
    await expect(page.getByText("Job title is required.")).toBeVisible();
    await expect(page.getByText("Organization is required.")).toBeVisible();
    await expect(page.getByText("Please accept the Terms of Service and Privacy Policy to continue.")).toBeVisible();
    await expect(page.getByLabel("Full name")).toHaveValue("Priscilla Tent");
    await expect(page.getByLabel("Email")).toHaveValue(email);

    await fillSignUp(page, { name: "Lydia Purple", email, password: PASSWORD, title: "Women's Ministry Leader", organisation: "Thyatira Fellowship" });
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/verify-email\?email=/);
    await page.getByLabel("Verification code").fill(await codeFromOutbox(e2eDb, email));
    await page.getByRole("button", { name: "Verify and continue" }).click();
    await expect(page).toHaveURL(/\/user-dashboard$/);
    await expect(page.getByText("Email Verified", { exact: true })).toBeVisible();
  });
});
