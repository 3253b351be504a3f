// Tests of the positive-weight rule.
import { describe, expect, it } from "vitest";
import { IssueCollector } from "../issues/issue-collector.ts";
import { checkParcelWeight } from "./parcel-weight.ts";

function check(weight: unknown) {
  const findings = new IssueCollector();
  checkParcelWeight({ weight }, "parcels[1]", findings);
  return findings.errors;
}

describe("positive weights", () => {
  it.each([0.01, 0.5, 1, 31.5, 1000])("accepts %d kg", (weight) => {
    expect(check(weight)).toEqual([]);
  });

  it.each([0, -0, -1, -0.01, Number.NaN, Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY])(
    "rejects %d kg",
    (weight) => {
      expect(check(weight)).toEqual([
        { path: "parcels[1].weight", rule: "weight_invalid", params: {} },
      ]);
    },
  );

  it("leaves other types to the schema", () => {
    expect(check("1")).toEqual([]);
    expect(check(undefined)).toEqual([]);
  });
});
