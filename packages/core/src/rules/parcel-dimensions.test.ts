// Tests of the whole-centimetre rule: rounding up, floating point noise,
// invalid values.
import { describe, expect, it } from "vitest";
import { IssueCollector } from "../issues/issue-collector.ts";
import { checkParcelDimensions } from "./parcel-dimensions.ts";

function run(parcel: Record<string, unknown>) {
  const findings = new IssueCollector();
  checkParcelDimensions(parcel, "parcels[0]", findings);
  return { parcel, findings };
}

describe("whole centimetres", () => {
  it("keeps whole centimetres without a warning", () => {
    const { parcel, findings } = run({ width: 10, depth: 20, height: 30 });
    expect(parcel).toEqual({ width: 10, depth: 20, height: 30 });
    expect(findings.warnings).toEqual([]);
    expect(findings.errors).toEqual([]);
  });

  it.each([
    [10.2, 11],
    [10.5, 11],
    [10.9, 11],
    [0.1, 1],
    [10.000001, 11],
  ])("rounds %d cm up to %d cm, with a warning", (value, expected) => {
    const { parcel, findings } = run({ width: value });
    expect(parcel["width"]).toBe(expected);
    expect(findings.warnings).toEqual([
      {
        path: "parcels[0].width",
        rule: "dimension_rounded",
        params: { field: "width", from: value, to: expected },
      },
    ]);
  });

  it.each([
    [0.1 * 3 * 100, 30],
    [0.07 * 100, 7],
    [1.15 * 100, 115],
  ])("reads floating point noise %d as %d cm, without a warning", (value, expected) => {
    const { parcel, findings } = run({ depth: value });
    expect(parcel["depth"]).toBe(expected);
    expect(findings.warnings).toEqual([]);
  });

  it("rounds a tiny positive value up to 1 cm, never down to 0", () => {
    const { parcel, findings } = run({ height: 1e-12 });
    expect(parcel["height"]).toBe(1);
    expect(findings.warnings[0]?.rule).toBe("dimension_rounded");
  });

  it("never rounds down", () => {
    const { parcel } = run({ width: 10.01, depth: 19.99, height: 29.5 });
    expect(parcel).toEqual({ width: 11, depth: 20, height: 30 });
  });

  it.each([0, -1, -0.5, Number.NaN, Number.POSITIVE_INFINITY])("rejects %d", (value) => {
    const { findings } = run({ height: value });
    expect(findings.errors).toEqual([
      { path: "parcels[0].height", rule: "dimension_invalid", params: { field: "height" } },
    ]);
  });

  it("leaves other types to the schema", () => {
    const { parcel, findings } = run({ width: "10.5", depth: null });
    expect(parcel).toEqual({ width: "10.5", depth: null });
    expect(findings.errors).toEqual([]);
  });
});
