import { describe, expect, test } from "vitest";
import { orderedZones, searchZones, zoneChoice, zoneTitle } from "./time-zone-names.ts";

describe("a zone's name", () => {
  test("its everyday name and the zone's own, the same in winter and summer", () => {
    expect(zoneTitle("America/Chicago")).toBe("Central Time (America/Chicago)");
    expect(zoneTitle("America/New_York")).toBe("Eastern Time (America/New_York)");
    expect(zoneTitle("Europe/Berlin")).toBe("Central European Time (Europe/Berlin)");
    // Two zones of one everyday name are told apart by their own.
    expect(zoneTitle("America/Indiana/Knox")).toBe("Central Time (America/Indiana/Knox)");
  });

  test("a zone with no everyday name but an offset takes its long name", () => {
    expect(zoneTitle("UTC")).toBe("Coordinated Universal Time (UTC)");
  });

  test("a zone the runtime does not know is UTC, as the times shown in it are", () => {
    expect(zoneTitle("Mars/Olympus_Mons")).toBe("Coordinated Universal Time (UTC)");
    expect(zoneTitle("")).toBe("Coordinated Universal Time (UTC)");
  });

  test("the picker lists a zone by that one name and its offset on the day, in both pickers' one form", () => {
    const winter = new Date("2026-01-15T12:00:00Z");
    const summer = new Date("2026-07-15T12:00:00Z");
    expect(zoneChoice("America/Chicago", winter).label).toBe("Central Time (America/Chicago), GMT-6");
    expect(zoneChoice("America/Chicago", summer).label).toBe("Central Time (America/Chicago), GMT-5");
    expect(zoneChoice("Asia/Kolkata", winter).label).toBe("India Standard Time (Asia/Kolkata), GMT+5:30");
    expect(zoneChoice("UTC", winter).label).toBe("Coordinated Universal Time (UTC), GMT+0");
    for (const zone of ["America/Chicago", "Europe/Berlin", "America/Indiana/Knox", "UTC"]) expect(zoneChoice(zone, winter).label.startsWith(`${zoneTitle(zone)}, GMT`)).toBe(true);
  });

  test("the picker finds a zone by its city, its everyday name or its own name", () => {
    const zones = ["UTC", "America/Chicago", "America/New_York", "America/Indiana/Knox", "Europe/Berlin"];
    const choices = zones.map((zone) => zoneChoice(zone));
    const found = (query: string) => searchZones(choices, query).map((choice) => choice.zone);
    expect(found("Chicago")).toEqual(["America/Chicago"]);
    expect(found("chic")).toEqual(["America/Chicago"]);
    expect(found("new york")).toEqual(["America/New_York"]);
    expect(found("knox")).toEqual(["America/Indiana/Knox"]);
    // A name that starts with the word comes before one that only holds it.
    expect(found("central")).toEqual(["America/Chicago", "America/Indiana/Knox", "Europe/Berlin"]);
  });

  test("the picker finds a zone by the name it is shown with, as written or with spaces", () => {
    const zones = ["UTC", "America/Chicago", "America/New_York", "America/Indiana/Knox", "Europe/Berlin"];
    const { likely, common, rest } = orderedZones({ zones, current: "UTC" });
    const choices = [...likely, ...common, ...rest].map((zone) => zoneChoice(zone));
    const found = (query: string) => searchZones(choices, query).map((choice) => choice.zone);
    expect(found("America/New_York")).toEqual(["America/New_York"]);
    expect(found("america/new york")).toEqual(["America/New_York"]);
    expect(found("America/Indiana/Knox")).toEqual(["America/Indiana/Knox"]);
    expect(found("Central Time")).toEqual(expect.arrayContaining(["America/Chicago", "America/Indiana/Knox"]));
  });
});
