// Tests of the COD rule: the amount, the amount sent, and the IBAN.
import { describe, expect, it } from "vitest";
import { IssueCollector } from "../issues/issue-collector.ts";
import { checkCashOnDelivery, isValidCodAmount } from "./cash-on-delivery.ts";

const IBAN = "PL61109010140000071219812874";

function run(cod: Record<string, unknown>) {
  const findings = new IssueCollector();
  checkCashOnDelivery(cod, findings);
  return { cod, errors: findings.errors };
}

describe("COD amount", () => {
  it.each([0.01, 1, 10.5, 99.99, 0.3, 0.1 + 0.2, 1234567.89])("accepts %d", (amount) => {
    expect(isValidCodAmount(amount)).toBe(true);
    expect(run({ amount, iban: IBAN }).errors).toEqual([]);
  });

  it.each([0, -5, 10.001, 0.005, Number.NaN, Number.POSITIVE_INFINITY])("rejects %d", (amount) => {
    expect(isValidCodAmount(amount)).toBe(false);
    expect(run({ amount, iban: IBAN }).errors).toEqual([
      { path: "additional_services.cod.amount", rule: "cod_amount_invalid", params: {} },
    ]);
  });
});

describe("COD amount sent", () => {
  it.each([
    [0.1 + 0.2, 0.3],
    [19.99, 19.99],
    [1.005 * 100, 100.5],
    [1234567.89, 1234567.89],
    [10, 10],
  ])("sends %d as %d", (amount, sent) => {
    expect(run({ amount, iban: IBAN }).cod["amount"]).toBe(sent);
  });

  it("leaves an invalid amount as given", () => {
    expect(run({ amount: 10.001, iban: IBAN }).cod["amount"]).toBe(10.001);
  });
});

describe("COD IBAN", () => {
  it("normalizes a spaced IBAN", () => {
    expect(run({ amount: 10, iban: "PL61 1090 1014 0000 0712 1981 2874" }).cod["iban"]).toBe(IBAN);
  });

  it("turns a bare 26-digit NRB into a Polish IBAN", () => {
    expect(run({ amount: 10, iban: "61109010140000071219812874" }).cod["iban"]).toBe(IBAN);
  });

  it("rejects a wrong checksum", () => {
    expect(run({ amount: 10, iban: "PL61109010140000071219812875" }).errors).toEqual([
      { path: "additional_services.cod.iban", rule: "iban_invalid", params: {} },
    ]);
  });

  it.each([undefined, null, ""])("requires an IBAN (%j)", (iban) => {
    expect(run({ amount: 10, iban }).errors).toEqual([
      { path: "additional_services.cod.iban", rule: "iban_required", params: {} },
    ]);
  });

  it("reports the amount and the IBAN together", () => {
    expect(run({ amount: -1, iban: "PL00" }).errors.map((error) => error.rule)).toEqual([
      "cod_amount_invalid",
      "iban_invalid",
    ]);
  });

  it("leaves other types to the schema", () => {
    expect(run({ amount: "10", iban: 12 }).errors).toEqual([]);
  });
});
