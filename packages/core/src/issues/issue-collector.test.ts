// Tests of the findings collector and its scoped paths.
import { describe, expect, it } from "vitest";
import { IssueCollector } from "./issue-collector.ts";

describe("IssueCollector", () => {
  it("keeps errors and warnings apart", () => {
    const findings = new IssueCollector();
    findings.error("receiver.phone", "phone_invalid");
    findings.warn("parcels[0].width", "dimension_rounded", { field: "width", from: 1.5, to: 2 });
    expect(findings.errors).toEqual([
      { path: "receiver.phone", rule: "phone_invalid", params: {} },
    ]);
    expect(findings.warnings).toEqual([
      {
        path: "parcels[0].width",
        rule: "dimension_rounded",
        params: { field: "width", from: 1.5, to: 2 },
      },
    ]);
  });

  it("scopes paths under a prefix and reports into the same lists", () => {
    const findings = new IssueCollector();
    const scoped = findings.scoped("package");
    scoped.error("receiver.phone", "phone_invalid");
    scoped.error("", "required");
    scoped.scoped("parcels").warn("[0].width", "dimension_rounded");
    expect(findings.errors.map((finding) => finding.path)).toEqual([
      "package.receiver.phone",
      "package",
    ]);
    expect(findings.warnings.map((finding) => finding.path)).toEqual(["package.parcels[0].width"]);
  });
});
