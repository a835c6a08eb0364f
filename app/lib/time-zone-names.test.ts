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
