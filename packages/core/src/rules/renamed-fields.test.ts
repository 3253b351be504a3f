// Tests of the renamed and removed input fields and carrier names of the API's
// history.
import { describe, expect, it } from "vitest";
import { IssueCollector } from "../issues/issue-collector.ts";
import {
  applyRenamedCarrier,
  applyRenamedCarriers,
  applyRenamedFields,
  currentCarrierName,
  keyAsWritten,
  REMOVED_INPUT_FIELDS,
  rejectRemovedFields,
} from "./renamed-fields.ts";

describe("poczta_kurier24 became poczta_ekspres24 (v1.0.8)", () => {
  it("accepts the old name, sends the new one and warns", () => {
    const findings = new IssueCollector();
    const services: Record<string, unknown> = { poczta_kurier24: true, rod: true };
    applyRenamedFields(services, "additional_services", findings);
    expect(services).toEqual({ poczta_ekspres24: true, rod: true });
    expect(findings.errors).toEqual([]);
    expect(findings.warnings).toEqual([
      {
        path: "additional_services.poczta_kurier24",
        rule: "field_renamed",
        params: { field: "poczta_kurier24", replacement: "poczta_ekspres24", version: "v1.0.8" },
      },
    ]);
  });

  it("keeps the new name when both are given, and warns that the old one is ignored", () => {
    const findings = new IssueCollector();
    const services: Record<string, unknown> = { poczta_kurier24: true, poczta_ekspres24: false };
    applyRenamedFields(services, "additional_services", findings);
    expect(services).toEqual({ poczta_ekspres24: false });
    expect(findings.warnings[0]?.rule).toBe("field_renamed_duplicate");
  });

  it("remembers the name the caller wrote, so problems are reported there", () => {
    const findings = new IssueCollector();
    const renamed: Record<string, unknown> = { poczta_kurier24: true, rod: true };
    applyRenamedFields(renamed, "additional_services", findings);
    expect(keyAsWritten(renamed, "poczta_ekspres24")).toBe("poczta_kurier24");
    expect(keyAsWritten(renamed, "rod")).toBe("rod");
    const both: Record<string, unknown> = { poczta_kurier24: true, poczta_ekspres24: true };
    applyRenamedFields(both, "additional_services", findings);
    expect(keyAsWritten(both, "poczta_ekspres24")).toBe("poczta_ekspres24");
    expect(keyAsWritten({ poczta_ekspres24: true }, "poczta_ekspres24")).toBe("poczta_ekspres24");
  });

  it("does nothing without the old name", () => {
    const findings = new IssueCollector();
    const services: Record<string, unknown> = { poczta_ekspres24: true };
    applyRenamedFields(services, "additional_services", findings);
    expect(services).toEqual({ poczta_ekspres24: true });
    expect(findings.warnings).toEqual([]);
  });

  it("ignores an inherited property of the same name", () => {
    const findings = new IssueCollector();
    const services = Object.create({ poczta_kurier24: true }) as Record<string, unknown>;
    applyRenamedFields(services, "additional_services", findings);
    expect(findings.warnings).toEqual([]);
  });
});

describe("removed input fields", () => {
  it("rejects sending_at_point, removed in v1.0.5", () => {
    const findings = new IssueCollector();
    const services: Record<string, unknown> = { sending_at_point: true, rod: true };
    rejectRemovedFields(services, "additional_services", findings);
    expect(services).toEqual({ rod: true });
    expect(findings.errors).toEqual([
      {
        path: "additional_services.sending_at_point",
        rule: "field_removed",
        params: { field: "sending_at_point", version: "v1.0.5", replacement: "" },
      },
    ]);
  });

  it("rejects documents_available on the package", () => {
    const findings = new IssueCollector();
    const pkg: Record<string, unknown> = { documents_available: true };
    rejectRemovedFields(pkg, "package", findings);
    expect(findings.errors[0]).toMatchObject({
      path: "documents_available",
      rule: "field_removed",
    });
  });

  it("rejects duty.items, replaced by content", () => {
    const findings = new IssueCollector();
    const duty: Record<string, unknown> = { items: [], content: "Books" };
    rejectRemovedFields(duty, "duty", findings);
    expect(findings.errors[0]).toMatchObject({
      path: "duty.items",
      params: { field: "items", replacement: "content" },
    });
  });

  it("checks only the fields of the given section", () => {
    const findings = new IssueCollector();
    rejectRemovedFields({ items: [] }, "additional_services", findings);
    rejectRemovedFields({ sending_at_point: true }, "package", findings);
    expect(findings.errors).toEqual([]);
  });

  it("names a release or a replacement for each removal where one is known", () => {
    const sendingAtPoint = REMOVED_INPUT_FIELDS.find((r) => r.field === "sending_at_point");
    expect(sendingAtPoint?.since).toBe("v1.0.5");
  });
});

describe("the carrier ruch became orlen (v1.0.19)", () => {
  it("maps names", () => {
    expect(currentCarrierName("ruch")).toBe("orlen");
    expect(currentCarrierName("orlen")).toBe("orlen");
    expect(currentCarrierName("dpd")).toBe("dpd");
  });

  it("replaces the package service and warns", () => {
    const findings = new IssueCollector();
    const pkg: Record<string, unknown> = { service: "ruch" };
    applyRenamedCarrier(pkg, "service", "service", findings);
    expect(pkg).toEqual({ service: "orlen" });
    expect(findings.warnings).toEqual([
      {
        path: "service",
        rule: "value_renamed",
        params: { value: "ruch", replacement: "orlen", version: "v1.0.19" },
      },
    ]);
  });

  it("leaves other carriers and other types alone", () => {
    const findings = new IssueCollector();
    const pkg: Record<string, unknown> = { service: "dpd", other: 7 };
    applyRenamedCarrier(pkg, "service", "service", findings);
    applyRenamedCarrier(pkg, "other", "other", findings);
    expect(pkg).toEqual({ service: "dpd", other: 7 });
    expect(findings.warnings).toEqual([]);
  });

  it("replaces it in the price calculation's services.service list", () => {
    const findings = new IssueCollector();
    const list: unknown[] = ["dpd", "ruch", 5];
    applyRenamedCarriers(list, "services.service", findings);
    expect(list).toEqual(["dpd", "orlen", 5]);
    expect(findings.warnings).toEqual([
      {
        path: "services.service[1]",
        rule: "value_renamed",
        params: { value: "ruch", replacement: "orlen", version: "v1.0.19" },
      },
    ]);
  });
});
