import { describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { send } from "#tests/app.ts";

const html = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");

const pages = [
  { path: "/privacy-policy", title: "Privacy Policy", headings: ["What we collect", "How long we keep it", "Your rights and choices", "Contact"], toc: true },
  { path: "/terms-of-service", title: "Terms of Service", headings: ["Your account", "Bookings and payments", "Cancellations and refunds", "Missed sessions and problems", "How guides are paid", "Governing law and disputes"], toc: true },
  { path: "/cookie-policy", title: "Cookie Policy", headings: ["The cookies we set", "What we don’t use"], toc: false },
  { path: "/accessibility", title: "Accessibility", headings: ["Our goal", "Known limitations", "Tell us about a barrier"], toc: false },
];

describe("legal pages", () => {
  test.each(pages)("$path: title, last-updated date, headings and (on long pages) a table of contents", async ({ path, title, headings, toc }) => {
    const response = await send(path);
    expect(response.status).toBe(200);
    const page = await html(response);
    expect(page).toContain(`<title>${title} · Ministry Mentors</title>`);
    expect(page).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`));
    expect(page).toMatch(/Last updated: <time dateTime="\d{4}-\d{2}-\d{2}">[A-Z][a-z]+ \d{1,2}, \d{4}<\/time>/);
    for (const heading of headings) expect(page).toContain(heading);
    expect(page.includes("On this page")).toBe(toc);
    if (toc) {
      const anchors = [...page.matchAll(/<a href="#([a-z-]+)"/g)].map((match) => match[1]);
      expect(anchors.length).toBeGreaterThan(4);
      for (const anchor of anchors) expect(page).toContain(`id="${anchor}"`);
    }
    expect(page).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>');
    expect(page).not.toContain("not available yet");
    expect(page).not.toMatch(/lorem|TODO|\[company\]|\[state\]/i);
  });

  test("the texts name the product's real practices and use the platform's settings", async () => {
    await prisma.platformSettings.upsert({
      where: { id: 1 },
      create: { id: 1, supportEmail: "help@ministry.example", cancellationWindowHours: 48, minimumNoticeHours: 12, platformFeePercent: 15 },
      update: { supportEmail: "help@ministry.example", cancellationWindowHours: 48, minimumNoticeHours: 12, platformFeePercent: 15 },
    });
    const privacy = await html(await send("/privacy-policy"));
    expect(privacy).toContain("Stripe");
    expect(privacy).toContain("pays guides through Stripe Connect");
    expect(privacy).toContain("We do not use advertising trackers");
    for (const right of ["Access", "Correct", "Delete"]) expect(privacy).toContain(`<strong>${right}</strong>`);
    expect(privacy).toContain('href="mailto:help@ministry.example"');

    const terms = await html(await send("/terms-of-service"));
    expect(terms).toContain("Cancel at least 48 hours before the session for a full refund");
    expect(terms).toContain("at least 12 hours before they start");
    expect(terms).toContain("less the platform fee of 15%");
    expect(terms).toContain("not licensed counsellors");
    expect(terms).toContain("not an emergency service");
    expect(terms).toContain("the laws of the State of Texas");
    expect(terms.match(/Texas/g)!.length).toBeGreaterThanOrEqual(2);

    const cookies = await html(await send("/cookie-policy"));
    for (const name of ["mm_session", "mm_toast", "mm_tz", "mm_tz_kept"]) expect(cookies).toContain(`>${name}</dt>`);
    expect(cookies).toContain("We do not use advertising cookies");

    const accessibility = await html(await send("/accessibility"));
    expect(accessibility).toContain("WCAG) 2.2");
    expect(accessibility).toContain("level AA");
    expect(accessibility).toContain("mailto:help@ministry.example?subject=Accessibility%20problem");
    expect(accessibility).toContain('href="/support"');
  });

  test("/privacy and /terms (the footer's links) redirect permanently to the full pages", async () => {
    for (const [short, full] of [["/privacy", "/privacy-policy"], ["/terms", "/terms-of-service"]]) {
      const response = await send(short);
      expect(response.status).toBe(301);
      expect(response.headers.get("Location")).toBe(full);
      expect((await send(short, { method: "POST", headers: { Origin: "http://localhost" } })).status).toBe(405);
    }
    const home = await html(await send("/"));
    for (const link of ["/privacy-policy", "/terms-of-service", "/cookie-policy", "/accessibility", "/privacy", "/terms"]) expect(home).toContain(`href="${link}"`);
  });
});
