import { describe, expect, test } from "vitest";
import { dateFormat, formatCount, formatMoney } from "./format.ts";

describe("display formats", () => {
  test("a date format is made once per locale and options, and formats as Intl does", () => {
    const options = { month: "long", year: "numeric", timeZone: "America/Chicago" } as const;
    expect(dateFormat({ ...options })).toBe(dateFormat(options));
    expect(dateFormat(options, "en-CA")).not.toBe(dateFormat(options));
    expect(dateFormat({ ...options, timeZone: "UTC" })).not.toBe(dateFormat(options));
    // Midnight UTC on 1 December is still November in Chicago.
    expect(dateFormat(options).format(new Date("2026-12-01T00:00:00Z"))).toBe("November 2026");
  });

  test("counts and money", () => {
    expect(formatCount(1250)).toBe("1,250");
    expect(formatMoney(123456)).toBe("$1,234.56");
    expect(formatMoney(-5)).toBe("-$0.05");
    expect(formatMoney(null)).toBe("$0.00");
  });
});
