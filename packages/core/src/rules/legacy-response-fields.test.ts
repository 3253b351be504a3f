// Tests of reading answers that still carry removed or renamed fields.
import { describe, expect, it } from "vitest";
import { IssueCollector } from "../issues/issue-collector.ts";
import {
  LEGACY_RESPONSE_FIELDS,
  upgradeCountryList,
  upgradeDuty,
  upgradeMessage,
  upgradeMessages,
  upgradePackage,
  upgradeServicesPrices,
} from "./legacy-response-fields.ts";

describe("the table of legacy answer fields", () => {
  it("documents every removal and rename of the answers", () => {
    const fields = LEGACY_RESPONSE_FIELDS.map((entry) => `${entry.structure}.${entry.field}`);
    expect(fields).toEqual(
      expect.arrayContaining([
        "Package.documents_available",
        "CalculatePriceResponse.services_prices[].access",
        "DutyOut.items",
        "MessageV2.content_pl",
        "MessageV2.content_en",
        "CountryListResponse.countries",
      ]),
    );
    expect(LEGACY_RESPONSE_FIELDS.find((entry) => entry.field === "items")?.replacement).toBe(
      "content",
    );
  });
});

describe("country list: countries gives way to list", () => {
  it("keeps an answer with list as it is", () => {
    const findings = new IssueCollector();
    const body = { list: ["PL"], countries: ["PL"] };
    expect(upgradeCountryList(body, findings)).toBe(body);
    expect(findings.warnings).toEqual([]);
  });

  it("reads countries given as codes", () => {
    const findings = new IssueCollector();
    expect(upgradeCountryList({ countries: ["PL", "DE"] }, findings)).toEqual({
      countries: ["PL", "DE"],
      list: ["PL", "DE"],
    });
    expect(findings.warnings).toEqual([
      {
        path: "countries",
        rule: "legacy_field_read",
        params: { field: "countries", replacement: "list" },
      },
    ]);
  });

  it("reads countries given as objects or as a code-to-name map", () => {
    const findings = new IssueCollector();
    expect(
      upgradeCountryList(
        { countries: [{ code: "PL", name: "Polska" }, { country_code: "CZ" }] },
        findings,
      ),
    ).toMatchObject({ list: ["PL", "CZ"] });
    expect(
      upgradeCountryList({ countries: { PL: "Polska", SK: "Słowacja" } }, findings),
    ).toMatchObject({
      list: ["PL", "SK"],
    });
  });

  it("leaves anything else alone", () => {
    const findings = new IssueCollector();
    expect(upgradeCountryList("PL", findings)).toBe("PL");
    expect(upgradeCountryList({ list: [] }, findings)).toEqual({ list: [] });
  });
});

describe("messages v2: content replaces content_pl and content_en", () => {
  it("picks the caller's language", () => {
    const findings = new IssueCollector();
    const message = { id: 1, content_pl: "Cześć", content_en: "Hello" };
    expect(upgradeMessage(message, "pl_PL", "messages[0]", findings)).toMatchObject({
      content: "Cześć",
    });
    expect(upgradeMessage(message, "en_GB", "messages[0]", findings)).toMatchObject({
      content: "Hello",
    });
    expect(findings.warnings[0]).toMatchObject({
      path: "messages[0]",
      rule: "legacy_field_read",
      params: { field: "content_pl", replacement: "content" },
    });
  });

  it("falls back to the other language, and names the field it read", () => {
    const findings = new IssueCollector();
    expect(upgradeMessage({ content_pl: "Cześć" }, "en_GB", "m", findings)).toMatchObject({
      content: "Cześć",
    });
    expect(upgradeMessage({ content_en: "Hello" }, "pl_PL", "n", findings)).toMatchObject({
      content: "Hello",
    });
    expect(findings.warnings.map((warning) => warning.params["field"])).toEqual([
      "content_pl",
      "content_en",
    ]);
  });

  it("keeps a message that has content", () => {
    const findings = new IssueCollector();
    const message = { content: "Hello", content_pl: "Cześć" };
    expect(upgradeMessage(message, "pl_PL", "m", findings)).toBe(message);
    expect(findings.warnings).toEqual([]);
  });

  it("reads every message of an answer", () => {
    const findings = new IssueCollector();
    const body = upgradeMessages(
      { messages: [{ content: "A" }, { content_en: "B" }] },
      "en_GB",
      findings,
    );
    expect(body).toEqual({ messages: [{ content: "A" }, { content_en: "B", content: "B" }] });
    expect(findings.warnings.map((warning) => warning.path)).toEqual(["messages[1]"]);
  });
});

describe("DutyOut: content replaces items", () => {
  it("describes the items as content", () => {
    const findings = new IssueCollector();
    expect(
      upgradeDuty({ items: [{ description: "Books" }, { name: "Tea" }, "Cups"] }, "duty", findings),
    ).toEqual({ content: "Books, Tea, Cups" });
    expect(findings.warnings[0]).toMatchObject({ path: "duty.items", rule: "legacy_field_read" });
  });

  it("keeps existing content and drops items", () => {
    const findings = new IssueCollector();
    expect(upgradeDuty({ items: [], content: "Books" }, "duty", findings)).toEqual({
      content: "Books",
    });
  });
});

describe("services_prices: access is gone", () => {
  it("drops access with a warning", () => {
    const findings = new IssueCollector();
    const body = { services_prices: [{ service: "dpd", access: null }, { service: "gls" }] };
    expect(upgradeServicesPrices(body, findings)).toEqual({
      services_prices: [{ service: "dpd" }, { service: "gls" }],
    });
    expect(body.services_prices[0]).toHaveProperty("access");
    expect(findings.warnings.map((warning) => warning.path)).toEqual(["services_prices[0].access"]);
  });
});

describe("package answers", () => {
  it("drops documents_available and renames legacy flags and carriers", () => {
    const findings = new IssueCollector();
    const body = {
      package_id: 1,
      service: "ruch",
      documents_available: true,
      additional_services: { poczta_kurier24: true, sending_at_point: false },
      duty: { items: ["Books"] },
    };
    expect(upgradePackage(body, findings)).toEqual({
      package_id: 1,
      service: "orlen",
      additional_services: { poczta_ekspres24: true },
      duty: { content: "Books" },
    });
    expect(findings.warnings.map((warning) => warning.path)).toEqual([
      "documents_available",
      "service",
      "additional_services.poczta_kurier24",
      "additional_services.sending_at_point",
      "duty.items",
    ]);
    expect(body.documents_available).toBe(true);
  });

  it("returns a current answer unchanged", () => {
    const findings = new IssueCollector();
    const body = { package_id: 1, service: "dpd", additional_services: { rod: true } };
    expect(upgradePackage(body, findings)).toBe(body);
    expect(findings.warnings).toEqual([]);
  });
});
