import { describe, expect, test } from "vitest";
import { centsOf, dollarsField } from "./dollars.ts";

describe("dollars as people type them", () => {
  test("plain, with cents, with thousands' commas or a dollar sign", () => {
    expect(centsOf("40")).toBe(4000);
    expect(centsOf(" 42.5 ")).toBe(4250);
    expect(centsOf("42.50")).toBe(4250);
    expect(centsOf("1,500")).toBe(150_000);
    expect(centsOf("$1,500.00")).toBe(150_000);
    expect(centsOf("$ 150")).toBe(15_000);
    expect(centsOf("0.07")).toBe(7);
  });

  test("anything else is not an amount", () => {
    for (const typed of ["", "$", "abc", "1.234", "15,00", "1,50,000", "-5", "1e3", "12 345", "4O"]) expect(centsOf(typed), typed).toBeNull();
  });

  test("a field says which message fits: missing, not an amount, too high", () => {
    const field = dollarsField({ invalid: "Enter dollars", missing: "Required", tooHigh: "At most $100", maxCents: 10_000 });
    expect(field.parse("$99.99")).toBe(9999);
    expect(field.safeParse(undefined).error?.issues[0].message).toBe("Required");
    expect(field.safeParse("ten").error?.issues[0].message).toBe("Enter dollars");
    expect(field.safeParse("100.01").error?.issues[0].message).toBe("At most $100");
  });
});
