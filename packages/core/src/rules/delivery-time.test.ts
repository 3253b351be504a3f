// Tests of delivery_on_time: reading times, windows, and the range rule.
import { describe, expect, it } from "vitest";
import { IssueCollector } from "../issues/issue-collector.ts";
import { checkDeliveryTime, readDeliveryTimes, withinWindow } from "./delivery-time.ts";

describe("delivery_on_time times", () => {
  it.each([
    ["13:00", ["13:00"]],
    ["15:30", ["15:30"]],
    ["13:00-15:00", ["13:00", "15:00"]],
    ["13:00 - 20:00", ["13:00", "20:00"]],
    [{ from: "14:00", to: "16:00" }, ["14:00", "16:00"]],
  ])("reads %s", (value, times) => {
    expect(readDeliveryTimes(value)).toEqual(times);
  });

  it.each([
    "",
    "1300",
    "25:00",
    "13:60",
    "15:00-13:00",
    "13:00-14:00-15:00",
    "x".repeat(1000),
    { from: "13:00" },
    { from: 13, to: 14 },
    ["13:00"],
    13,
  ])("cannot read %j", (value) => {
    expect(readDeliveryTimes(value)).toBeUndefined();
  });

  it("checks a window with both ends included", () => {
    const window = { from: "13:00", to: "20:00" };
    expect(withinWindow(["13:00"], window)).toBe(true);
    expect(withinWindow(["20:00"], window)).toBe(true);
    expect(withinWindow(["12:59"], window)).toBe(false);
    expect(withinWindow(["20:01"], window)).toBe(false);
    expect(withinWindow(["14:00", "21:00"], window)).toBe(false);
  });
});

describe("checkDeliveryTime", () => {
  function check(value: unknown) {
    const findings = new IssueCollector();
    checkDeliveryTime({ delivery_on_time: value }, findings);
    return findings.errors;
  }

  const INVALID = [
    { path: "additional_services.delivery_on_time", rule: "delivery_time_invalid", params: {} },
  ];

  it.each([
    { from: "13:00", to: "15:00" },
    { from: "13:00", to: "13:00" },
    { from: "00:00", to: "23:59" },
  ])("accepts %j", (value) => {
    expect(check(value)).toEqual([]);
  });

  it("refuses a range that ends before it starts", () => {
    expect(check({ from: "20:00", to: "13:00" })).toEqual(INVALID);
    expect(check({ from: "13:01", to: "13:00" })).toEqual(INVALID);
  });

  it.each(["13:00-15:00", "13:00", "evening", ""])(
    "refuses the text %j with a message that shows the range form",
    (value) => {
      expect(check(value)).toEqual(INVALID);
    },
  );

  it("leaves badly written times, other shapes and absence to the schema", () => {
    expect(check({ from: "9:00", to: "8:00" })).toEqual([]);
    expect(check({ from: "13:00" })).toEqual([]);
    expect(check(13)).toEqual([]);
    expect(check(null)).toEqual([]);
    expect(check(undefined)).toEqual([]);
    expect(check([{ from: "20:00", to: "13:00" }])).toEqual([]);
  });
});
