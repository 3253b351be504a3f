// Tests of the postal own-contract flag rule from 2026-08-24, by an injected
// time.
import { describe, expect, it } from "vitest";
import { IssueCollector } from "../issues/issue-collector.ts";
import {
  checkPostalOwnContractFlags,
  POSTAL_FLAGS_FORBIDDEN_FROM,
  POSTAL_FORBIDDEN_FLAGS,
  postalFlagRuleInForce,
} from "./postal-own-contract-flags.ts";
import type { ShipmentContract } from "./shipment-contract.ts";

const OWN_POSTAL: ShipmentContract = { carrier: "poczta", contract: "own" };
const DAY_BEFORE = new Date("2026-08-23T12:00:00Z");
const LAST_MOMENT = new Date("2026-08-23T21:59:59.999Z");
const AT = new Date("2026-08-23T22:00:00Z"); // 2026-08-24 00:00 in Warsaw
const DAY_AFTER = new Date("2026-08-25T09:00:00Z");

function check(services: Record<string, unknown>, now: Date, shipment = OWN_POSTAL) {
  const findings = new IssueCollector();
  checkPostalOwnContractFlags(services, shipment, now, findings);
  return findings.errors;
}

describe("the postal own-contract flag rule", () => {
  it("covers the seven flags of the spec", () => {
    expect([...POSTAL_FORBIDDEN_FLAGS].sort()).toEqual(
      [
        "rod",
        "guarantee_0800",
        "delivery_after_1700",
        "pickup_confirmation",
        "delivery_confirmation",
        "saturday_pickup",
        "check_content",
      ].sort(),
    );
  });

  it("starts at midnight of 2026-08-24 in Warsaw", () => {
    expect(POSTAL_FLAGS_FORBIDDEN_FROM.toISOString()).toBe("2026-08-23T22:00:00.000Z");
    expect(postalFlagRuleInForce(DAY_BEFORE)).toBe(false);
    expect(postalFlagRuleInForce(LAST_MOMENT)).toBe(false);
    expect(postalFlagRuleInForce(AT)).toBe(true);
    expect(postalFlagRuleInForce(DAY_AFTER)).toBe(true);
  });

  it("allows the flags the day before", () => {
    expect(check({ rod: true }, DAY_BEFORE)).toEqual([]);
    expect(check({ rod: true }, LAST_MOMENT)).toEqual([]);
  });

  it("rejects a flag at the cut-off", () => {
    expect(check({ rod: true }, AT)).toEqual([
      {
        path: "additional_services.rod",
        rule: "postal_flag_forbidden",
        params: { flag: "rod", date: "2026-08-24" },
      },
    ]);
  });

  it("rejects a flag the day after", () => {
    expect(check({ check_content: true }, DAY_AFTER)[0]?.path).toBe(
      "additional_services.check_content",
    );
  });

  it.each(POSTAL_FORBIDDEN_FLAGS)("rejects %s", (flag) => {
    expect(check({ [flag]: true }, DAY_AFTER)).toHaveLength(1);
  });

  it("reports one issue per flag", () => {
    const all = Object.fromEntries(POSTAL_FORBIDDEN_FLAGS.map((flag) => [flag, true]));
    const errors = check({ ...all, guarantee_1200: true, cod: { amount: 10 } }, DAY_AFTER);
    expect(errors.map((error) => error.path).sort()).toEqual(
      POSTAL_FORBIDDEN_FLAGS.map((flag) => `additional_services.${flag}`).sort(),
    );
  });

  it("ignores flags that are not requested", () => {
    expect(
      check({ rod: false, guarantee_0800: null, check_content: undefined }, DAY_AFTER),
    ).toEqual([]);
  });

  it("leaves the postal carrier's other flags alone", () => {
    expect(
      check({ guarantee_1200: true, saturday_delivery: true, personal_delivery: true }, DAY_AFTER),
    ).toEqual([]);
  });

  it("applies only to the postal carrier on an own contract", () => {
    expect(check({ rod: true }, DAY_AFTER, { carrier: "poczta", contract: "furgonetka" })).toEqual(
      [],
    );
    expect(check({ rod: true }, DAY_AFTER, { carrier: "poczta", contract: undefined })).toEqual([]);
    expect(check({ rod: true }, DAY_AFTER, { carrier: "dpd", contract: "own" })).toEqual([]);
  });

  describe("when the postal contract cannot be told", () => {
    function warnings(services: Record<string, unknown>, now: Date, shipment: ShipmentContract) {
      const findings = new IssueCollector();
      checkPostalOwnContractFlags(services, shipment, now, findings);
      expect(findings.errors).toEqual([]);
      return findings.warnings;
    }
    const UNKNOWN: ShipmentContract = { carrier: "poczta", contract: undefined };

    it("warns about each flag the own contract would refuse, instead of staying silent", () => {
      expect(
        warnings({ rod: true, check_content: true, fragile: true }, DAY_AFTER, UNKNOWN),
      ).toEqual([
        {
          path: "additional_services.rod",
          rule: "postal_contract_unknown",
          params: { flag: "rod", date: "2026-08-24" },
        },
        {
          path: "additional_services.check_content",
          rule: "postal_contract_unknown",
          params: { flag: "check_content", date: "2026-08-24" },
        },
      ]);
    });

    it("stays quiet before the cut-off, on the service's contract, and for other carriers", () => {
      expect(warnings({ rod: true }, DAY_BEFORE, UNKNOWN)).toEqual([]);
      expect(
        warnings({ rod: true }, DAY_AFTER, { carrier: "poczta", contract: "furgonetka" }),
      ).toEqual([]);
      expect(warnings({ rod: true }, DAY_AFTER, { carrier: "dpd", contract: undefined })).toEqual(
        [],
      );
      expect(warnings({ rod: false }, DAY_AFTER, UNKNOWN)).toEqual([]);
    });

    it("does not warn when the contract is known to be own: that is an error", () => {
      const findings = new IssueCollector();
      checkPostalOwnContractFlags({ rod: true }, OWN_POSTAL, DAY_AFTER, findings);
      expect(findings.warnings).toEqual([]);
      expect(findings.errors.map((error) => error.rule)).toEqual(["postal_flag_forbidden"]);
    });
  });

  it("does nothing without additional services", () => {
    const findings = new IssueCollector();
    checkPostalOwnContractFlags(undefined, OWN_POSTAL, DAY_AFTER, findings);
    expect(findings.errors).toEqual([]);
  });
});
