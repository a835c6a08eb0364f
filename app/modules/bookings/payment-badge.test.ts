import { describe, expect, test } from "vitest";
import { bookingPaymentBadge } from "./schema.ts";

// One badge for a booking's payment (SPEC §2): the Bookings screen, the Booking Profile and the Guide Profile show it
// in full; the User Profile's Status column (`chargedOnly`) names only what was charged.
describe("a booking's payment badge", () => {
  test("paid, pending and failed read and colour the same everywhere; a free unpaid booking is N/A", () => {
    for (const chargedOnly of [false, true]) {
      const badge = (rate: number | null, status: string | null) => bookingPaymentBadge(rate, status, { chargedOnly });
      expect(badge(5000, "paid")).toEqual({ label: "Paid", tone: "green" });
      expect(badge(5000, "pending")).toEqual({ label: "Pending", tone: "amber" });
      expect(badge(5000, "failed")).toEqual({ label: "Failed", tone: "red" });
      expect(badge(0, "unpaid")).toEqual({ label: "N/A", tone: "grey" });
      expect(badge(null, "unpaid")).toEqual({ label: "N/A", tone: "grey" });
    }
  });

  test("in full, any other status shows capitalised in grey, and a free booking's status still shows", () => {
    expect(bookingPaymentBadge(5000, "unpaid")).toEqual({ label: "Unpaid", tone: "grey" });
    expect(bookingPaymentBadge(5000, "refunded")).toEqual({ label: "Refunded", tone: "grey" });
    expect(bookingPaymentBadge(0, "paid")).toEqual({ label: "Paid", tone: "green" });
    expect(bookingPaymentBadge(5000, null)).toEqual({ label: "N/A", tone: "grey" });
  });

  test("charged only: any unpaid or free booking is N/A, and another status is Unknown", () => {
    const badge = (rate: number | null, status: string | null) => bookingPaymentBadge(rate, status, { chargedOnly: true });
    expect(badge(5000, "unpaid")).toEqual({ label: "N/A", tone: "grey" });
    expect(badge(0, "paid")).toEqual({ label: "N/A", tone: "grey" });
    expect(badge(null, "pending")).toEqual({ label: "N/A", tone: "grey" });
    expect(badge(5000, "refunded")).toEqual({ label: "Unknown", tone: "grey" });
    expect(badge(5000, null)).toEqual({ label: "Unknown", tone: "grey" });
  });
});
