// Tests of the digital_label rule: booleans kept, legacy strings read as true
// with a warning.
import { describe, expect, it } from "vitest";
import { IssueCollector } from "../issues/issue-collector.ts";
import { normalizeDigitalLabel } from "./digital-label.ts";

function run(value: unknown) {
  const findings = new IssueCollector();
  const services: Record<string, unknown> = { digital_label: value };
  normalizeDigitalLabel(services, findings);
  return { value: services["digital_label"], findings };
}

describe("digital_label", () => {
  it.each([true, false])("keeps the boolean %s without a warning", (value) => {
    const { value: result, findings } = run(value);
    expect(result).toBe(value);
    expect(findings.warnings).toEqual([]);
  });

  it.each(["1", "yes", "false", ""])(
    "reads the legacy string %j as true, with a warning",
    (value) => {
      const { value: result, findings } = run(value);
      expect(result).toBe(true);
      expect(findings.errors).toEqual([]);
      expect(findings.warnings).toEqual([
        {
          path: "additional_services.digital_label",
          rule: "digital_label_legacy",
          params: { version: "v1.0.92" },
        },
      ]);
    },
  );

  it("leaves other types to the schema", () => {
    expect(run(1).value).toBe(1);
    expect(run(undefined).findings.warnings).toEqual([]);
  });
});
