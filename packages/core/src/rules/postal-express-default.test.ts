// Tests of the v1.0.109 warning for own-contract postal shipments without a
// postal product.
import { describe, expect, it } from "vitest";
import { IssueCollector } from "../issues/issue-collector.ts";
import { checkPostalExpressDefault } from "./postal-express-default.ts";
import type { ShipmentContract } from "./shipment-contract.ts";

const OWN_POSTAL: ShipmentContract = { carrier: "poczta", contract: "own" };

function run(services: Record<string, unknown> | undefined, shipment = OWN_POSTAL) {
  const findings = new IssueCollector();
  checkPostalExpressDefault(services, shipment, findings);
  return findings;
}

describe("the v1.0.109 express default of own-contract postal shipments", () => {
  it("warns when no postal product flag is given", () => {
    const findings = run({ rod: true });
    expect(findings.errors).toEqual([]);
    expect(findings.warnings).toEqual([
      {
        path: "additional_services",
        rule: "postal_express_default",
        params: { version: "v1.0.109", flag: "kurier48" },
      },
    ]);
  });

  it("warns when additional_services is missing", () => {
    expect(run(undefined).warnings).toHaveLength(1);
  });

  it("stays quiet with kurier48: true", () => {
    expect(run({ kurier48: true }).warnings).toEqual([]);
  });

  it("stays quiet when express is chosen explicitly", () => {
    expect(run({ poczta_ekspres24: true }).warnings).toEqual([]);
  });

  it("warns when kurier48 is false", () => {
    expect(run({ kurier48: false }).warnings).toHaveLength(1);
  });

  it("never turns into an error", () => {
    expect(run({}).errors).toEqual([]);
  });

  it("applies only to own-contract postal shipments", () => {
    expect(run({}, { carrier: "poczta", contract: "furgonetka" }).warnings).toEqual([]);
    expect(run({}, { carrier: "poczta", contract: undefined }).warnings).toEqual([]);
    expect(run({}, { carrier: "inpost", contract: "own" }).warnings).toEqual([]);
  });
});
