// Tests of the rule that only the contract carrier may leave pickup and sender
// null.
import { describe, expect, it } from "vitest";
import { IssueCollector } from "../issues/issue-collector.ts";
import {
  CONTRACT_ADDRESS_CARRIER,
  checkContractAddresses,
  contractSuppliesAddresses,
} from "./contract-addresses.ts";
import type { ShipmentContract } from "./shipment-contract.ts";

const ADDRESS = { name: "Jan Kowalski", street: "Prosta 1", city: "Warszawa" };

function check(pkg: Record<string, unknown>, shipment: ShipmentContract) {
  const findings = new IssueCollector();
  checkContractAddresses(pkg, shipment, findings);
  return findings.errors;
}

describe("pickup and sender supplied by the carrier contract", () => {
  it("names one carrier", () => {
    expect(CONTRACT_ADDRESS_CARRIER).toBe("poczta");
  });

  it("lets that carrier leave pickup and sender null", () => {
    expect(check({ pickup: null, sender: null }, { carrier: "poczta", contract: "own" })).toEqual(
      [],
    );
    expect(check({ pickup: null }, { carrier: "poczta", contract: undefined })).toEqual([]);
  });

  it("refuses null when that carrier runs on the service's contract", () => {
    expect(contractSuppliesAddresses({ carrier: "poczta", contract: "furgonetka" })).toBe(false);
    expect(check({ pickup: null }, { carrier: "poczta", contract: "furgonetka" })).toHaveLength(1);
  });

  it("refuses a null pickup for every other carrier", () => {
    expect(check({ pickup: null, sender: ADDRESS }, { carrier: "dpd", contract: "own" })).toEqual([
      { path: "pickup", rule: "address_required", params: { field: "pickup", carrier: "poczta" } },
    ]);
  });

  it("refuses a null sender for every other carrier", () => {
    expect(
      check({ pickup: ADDRESS, sender: null }, { carrier: "inpost", contract: undefined }),
    ).toEqual([
      { path: "sender", rule: "address_required", params: { field: "sender", carrier: "poczta" } },
    ]);
  });

  it("refuses null when the carrier is unknown", () => {
    expect(
      check({ pickup: null, sender: null }, { carrier: undefined, contract: undefined }),
    ).toHaveLength(2);
  });

  it("accepts given or omitted addresses for every carrier", () => {
    expect(
      check({ pickup: ADDRESS, sender: ADDRESS }, { carrier: "dpd", contract: undefined }),
    ).toEqual([]);
    expect(check({ pickup: ADDRESS }, { carrier: "dpd", contract: undefined })).toEqual([]);
  });
});
