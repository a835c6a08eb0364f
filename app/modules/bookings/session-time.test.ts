import { describe, expect, test } from "vitest";
import { momentIn, sessionSpan } from "./session-time.ts";

describe("a time in an e-mail names its zone after it, with a comma", () => {
  test("a session's span", () => {
    expect(sessionSpan("2026-12-02T21:00:00Z", 60, "America/Chicago")).toBe("Wednesday, December 2, 2026, 3:00–4:00 PM, Central Time (America/Chicago)");
    expect(sessionSpan("2026-07-02T20:00:00Z", 90, "America/New_York")).toBe("Thursday, July 2, 2026, 4:00–5:30 PM, Eastern Time (America/New_York)");
  });

  test("a moment", () => {
    expect(momentIn(new Date("2026-11-24T15:00:00Z"), "America/New_York")).toBe("Tuesday, November 24, 2026 at 10:00 AM, Eastern Time (America/New_York)");
    expect(momentIn(new Date("2026-11-24T15:00:00Z"), "UTC")).toBe("Tuesday, November 24, 2026 at 3:00 PM, Coordinated Universal Time (UTC)");
  });

  test("a zone the runtime does not know: the time and the name in UTC", () => {
    expect(momentIn(new Date("2026-11-24T15:00:00Z"), "Mars/Olympus_Mons")).toBe("Tuesday, November 24, 2026 at 3:00 PM, Coordinated Universal Time (UTC)");
    expect(sessionSpan("2026-12-02T21:00:00Z", 30, "Mars/Olympus_Mons")).toBe("Wednesday, December 2, 2026, 9:00–9:30 PM, Coordinated Universal Time (UTC)");
  });
});
