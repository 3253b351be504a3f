// Tests of the Polish phone rule: normalizing to 9 digits, and refusing the
// rest.
import { describe, expect, it } from "vitest";
import { IssueCollector } from "../issues/issue-collector.ts";
import { checkPolishPhone, normalizePolishPhone } from "./polish-phone.ts";

describe("normalizePolishPhone", () => {
  it.each([
    ["600100200", "600100200"],
    ["600 100 200", "600100200"],
    ["600-100-200", "600100200"],
    ["+48 600-100-200", "600100200"],
    ["+48600100200", "600100200"],
    ["0048600100200", "600100200"],
    ["0048 600 100 200", "600100200"],
    ["48600100200", "600100200"],
    ["(22) 123 45 67", "221234567"],
    ["+48 (22) 123-45-67", "221234567"],
  ])("reads %j as %j", (input, expected) => {
    expect(normalizePolishPhone(input)).toBe(expected);
  });

  it.each([
    "60010020",
    "6001002000",
    "+49 600 100 200",
    "+48 600 100 20",
    "600 100 20a",
    "",
    "phone",
    "0600100200",
    `600100200${" ".repeat(100)}`,
  ])("rejects %j", (input) => {
    expect(normalizePolishPhone(input)).toBeUndefined();
  });
});

describe("checkPolishPhone", () => {
  function run(address: Record<string, unknown>) {
    const findings = new IssueCollector();
    checkPolishPhone(address, "receiver", findings);
    return { address, findings };
  }

  it("normalizes a Polish number in place, without a warning", () => {
    const { address, findings } = run({ country_code: "PL", phone: "+48 600-100-200" });
    expect(address["phone"]).toBe("600100200");
    expect(findings.errors).toEqual([]);
    expect(findings.warnings).toEqual([]);
  });

  it("rejects a Polish number that is not 9 digits", () => {
    const { findings } = run({ country_code: "PL", phone: "600 100 20" });
    expect(findings.errors).toEqual([
      { path: "receiver.phone", rule: "phone_invalid", params: {} },
    ]);
  });

  it("leaves other countries' numbers alone", () => {
    const { address, findings } = run({ country_code: "DE", phone: "+49 30 1234567" });
    expect(address["phone"]).toBe("+49 30 1234567");
    expect(findings.errors).toEqual([]);
  });

  it("leaves missing and non-string phones to the schema", () => {
    expect(run({ country_code: "PL" }).findings.errors).toEqual([]);
    expect(run({ country_code: "PL", phone: 600100200 }).findings.errors).toEqual([]);
    expect(run({ country_code: "PL", phone: "" }).findings.errors).toEqual([]);
  });
});
