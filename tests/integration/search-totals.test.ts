// A search's matches are counted up to SEARCH_TOTAL_CAP: a broad term at scale would otherwise count them all.
import { describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { SEARCH_TOTAL_CAP } from "#app/lib/list.ts";
import { send, signIn } from "#tests/app.ts";

describe("search totals", () => {
  test("stop counting past the cap, say so in the API's meta and as '1,000+' on the screen", async () => {
    const { cookie, token } = await signIn("admin");
    await prisma.user.createMany({
      data: Array.from({ length: SEARCH_TOTAL_CAP + 5 }, (_, index) => ({ name: `Quillon Member ${index}`, email: `quillon.${index}@example.test`, updatedAt: new Date() })),
    });

    const api = await send("/api/admin/get-user-list?search=quillon&limit=10", { token });
    expect(api.status).toBe(200);
    const { meta } = (await api.json()) as { meta: Record<string, unknown> };
    expect(meta).toMatchObject({ total: SEARCH_TOTAL_CAP, totalPages: SEARCH_TOTAL_CAP / 10, totalCapped: true });

    const screen = await send("/admin/dashboard/user-management/user?search=quillon", { cookie });
    expect((await screen.text()).replaceAll("<!-- -->", "")).toContain("1–10 of 1,000+ · Page 1 of 100+");

    // Below the cap the count is exact and says nothing more.
    const few = (await (await send("/api/admin/get-user-list?search=quillon.100", { token })).json()) as { meta: Record<string, unknown> };
    expect(few.meta.total).toBeLessThan(SEARCH_TOTAL_CAP);
    expect(few.meta).not.toHaveProperty("totalCapped");
  });
});
