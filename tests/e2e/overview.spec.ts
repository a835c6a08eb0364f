import { expect, test } from "./fixtures.ts";

test("the overview shows the figures and the monthly booking graph, with its table for screen readers", async ({ page, signIn }) => {
  await signIn("admin");
  await page.goto("/admin/dashboard");
  await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();
  const figures = page.getByRole("list", { name: "Key figures" });
  for (const label of ["Users", "Guides", "Pending guide requests", "Bookings", "Revenue", "Open customer queries"]) {
    await expect(figures.getByRole("heading", { name: label, exact: true })).toBeVisible();
  }
  await expect(figures.getByText(/^\$[\d,]+\.\d{2}$/)).toBeVisible();

  // The chart is drawn in the browser: bars, labelled axes.
  const chart = page.getByTestId("monthly-bookings-chart");
  await expect(chart.locator("svg.recharts-surface")).toBeVisible();
  await expect(chart.locator(".recharts-bar-rectangle").first()).toBeAttached();
  await expect(chart.getByText("Month", { exact: true })).toBeVisible();
  await expect(chart.getByText("Bookings", { exact: true })).toBeVisible();

  // The same figures as a table: twelve months, this month last.
  const table = page.getByRole("table", { name: "Bookings per month" });
  await expect(table.locator("tbody tr")).toHaveCount(12);
  const thisMonth = new Intl.DateTimeFormat("en-US", { month: "short", year: "numeric", timeZone: "UTC" }).format(new Date());
  await expect(table.locator("tbody tr").last().locator("th")).toHaveText(thisMonth);
  const counts = await table.locator("tbody td").allTextContents();
  expect(counts.every((count) => /^\d{1,3}(,\d{3})*$/.test(count))).toBe(true);
  expect(counts.map((count) => Number(count.replaceAll(",", ""))).reduce((sum, n) => sum + n, 0)).toBeGreaterThan(0);

  // Hovering a bar shows its value.
  await chart.locator(".recharts-bar-rectangle").last().hover();
  await expect(chart.locator(".recharts-tooltip-wrapper")).toContainText("Bookings");
});

test("from the overview to Bookings: filter by payment status and open a booking profile", async ({ page, signIn }) => {
  await signIn("admin");
  await page.goto("/admin/dashboard");
  await page.getByRole("link", { name: /Bookings\s+\d+/ }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\/Bookings$/);
  await expect(page.getByRole("heading", { name: "Bookings", level: 1 })).toBeVisible();
  const rows = page.locator("tbody tr");
  await expect(rows).toHaveCount(10);

  await page.getByLabel("Payment status").selectOption("paid");
  await expect(page).toHaveURL(/paymentStatus=paid/);
  await expect(rows.first().getByText("Paid", { exact: true })).toBeVisible();
  const badges = await rows.locator("[data-tone]").allTextContents();
  expect(badges.length).toBeGreaterThan(0);
  expect(badges.every((badge) => badge === "Paid")).toBe(true);

  // Searching keeps the filter.
  // The topic cell: the topic, and the booking's state under it.
  const firstTopic = (await rows.first().locator("td").nth(1).locator("span").first().textContent()) ?? "";
  await page.getByPlaceholder("Search bookings...").fill(firstTopic.slice(0, 12));
  await expect(page).toHaveURL(/search=/);
  await expect(page).toHaveURL(/paymentStatus=paid/);
  await expect(rows.first().locator("td").nth(1).locator("span").first()).toHaveText(firstTopic);

  const link = rows.first().getByRole("link", { name: /^#\d+$/ });
  const id = ((await link.textContent()) ?? "").slice(1);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/admin/dashboard/viewBookingPage/${id}$`));
  await expect(page.getByRole("heading", { name: "Booking Details" })).toBeVisible();
  await expect(page.getByText(`Booking #${id}`)).toBeVisible();
  await expect(page.getByText(firstTopic, { exact: true })).toBeVisible();
  await expect(page.getByText("Paid", { exact: true })).toBeVisible();
  for (const label of ["User Name", "User Email", "Guide Name", "Guide Email", "Rate"]) {
    await expect(page.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(page.getByText(/^\$\d+\.\d{2}$/)).toBeVisible();
  // The session's date carries its year, as "Booked on" and the Bookings list do (a January session read "Wed, Jan 6").
  const field = (label: string) => page.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("+ dd");
  await expect(field("Session time")).toHaveText(/^\w{3}, \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M .+ · \d+ minutes$/);
  await expect(field("Booked on")).toHaveText(/^\w{3} \d{1,2}, \d{4}, /);

  await page.getByRole("link", { name: "Close" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\/Bookings\?.*paymentStatus=paid/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the overview table and the Bookings filters work as plain HTML", async ({ page, signIn }) => {
    await signIn("admin");
    await page.goto("/admin/dashboard");
    await expect(page.getByRole("table", { name: "Bookings per month" }).locator("tbody tr")).toHaveCount(12);
    await page.goto("/admin/dashboard/Bookings");
    await page.getByLabel("Payment status").selectOption("failed");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/paymentStatus=failed/);
    const badges = await page.locator("tbody [data-tone]").allTextContents();
    expect(badges.length).toBeGreaterThan(0);
    expect(badges.every((badge) => badge === "Failed")).toBe(true);
    await page.getByLabel("Rows per page").selectOption("5");
    await page.getByRole("button", { name: "Apply" , exact: true }).click();
    await expect(page).toHaveURL(/limit=5/);
    await expect(page).toHaveURL(/paymentStatus=failed/);
  });
});
