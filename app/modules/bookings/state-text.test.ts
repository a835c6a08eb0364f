import { describe, expect, test } from "vitest";
import { bookingStateText, type StateTextBooking } from "./state-text.ts";
import { BOOKING_STATUSES } from "./status.ts";

const now = new Date("2026-12-01T12:00:00Z");
const base: StateTextBooking = {
  status: "confirmed",
  paymentStatus: "paid",
  rateCents: 5000,
  startsAt: "2026-12-03T15:00:00Z",
  durationMinutes: 60,
  holdExpiresAt: null,
  answerBy: null,
  endedBy: null,
};
const text = (booking: Partial<StateTextBooking>, viewer: "mentee" | "guide" = "mentee", zone = "America/Chicago") => bookingStateText({ ...base, ...booking }, viewer, zone, now);

describe("a booking's state, explained to its reader", () => {
  test("every state has a sentence for the mentee and for the guide", () => {
    for (const status of BOOKING_STATUSES) {
      for (const viewer of ["mentee", "guide"] as const) expect(text({ status }, viewer), `${status} · ${viewer}`).toMatch(/^[A-Z].+\.$/);
    }
  });

  test("a request: until when the guide may answer, on the reader's clock named as its session's time is, and what happens if they do not", () => {
    const request = { status: "requested" as const, answerBy: "2026-12-02T21:00:00Z" };
    expect(text(request)).toBe("Your mentor has until Wed, Dec 2, 3:00 PM CST to accept. If they do not answer by then, the request expires and you are refunded in full.");
    expect(text(request, "guide", "Europe/Berlin")).toBe("Accept or decline by Wed, Dec 2, 10:00 PM GMT+1. If you do not answer by then, the request expires and the mentee is refunded in full.");
    expect(text({ ...request, rateCents: 0, paymentStatus: "unpaid" }, "guide", "UTC")).toBe("Accept or decline by Wed, Dec 2, 9:00 PM UTC. If you do not answer by then, the request expires and the time is freed.");
  });

  test("a hold says until when to pay; an expiry says whether the hold or the deadline ran out", () => {
    expect(text({ status: "held", paymentStatus: "pending", holdExpiresAt: "2026-12-01T12:15:00Z" })).toBe("Your time is held until 6:15 AM CST. Pay before then to book it.");
    expect(text({ status: "expired", endedBy: "hold" })).toBe("The payment was not completed in time, so the time was released.");
    expect(text({ status: "expired", endedBy: "deadline" })).toBe("Your mentor did not answer in time, so the request expired. You are refunded in full.");
    expect(text({ status: "expired", endedBy: "deadline" }, "guide")).toBe("You did not answer in time, so the request expired and the time was freed.");
  });

  test("who cancelled, as the reader knows them", () => {
    expect(text({ status: "cancelled", endedBy: "you" })).toBe("You cancelled this session.");
    expect(text({ status: "cancelled", endedBy: "other" })).toBe("Your mentor cancelled this session. You are refunded in full.");
    expect(text({ status: "cancelled", endedBy: "other" }, "guide")).toBe("Your mentee cancelled this session.");
    expect(text({ status: "cancelled", endedBy: "team" }, "guide")).toBe("The Ministry Mentors team cancelled this session.");
  });

  test("a confirmed session ahead, and one that has ended but is not marked yet", () => {
    expect(text({})).toBe("Your session is booked. Your mentor expects you then.");
    expect(text({ startsAt: "2026-12-01T10:00:00Z" }, "guide")).toBe(
      "The session has ended. Mark it completed, or a no-show if the mentee did not come; otherwise it completes on its own.",
    );
  });
});
