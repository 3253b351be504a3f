import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../language.ts";
import { MESSAGES, renderMessage } from "./messages.ts";
import { RULE_CODES, type RuleCode } from "./rule-codes.ts";

const SAMPLE_PARAMS = {
  field: "width",
  replacement: "content",
  version: "v1.0.5",
  value: "ruch",
  country: "US",
  flag: "rod",
  carrier: "poczta",
  from: "13:00",
  to: "20:00",
  date: "2026-08-24",
  expected: "string",
  allowed: "a, b",
  format: "email",
  origin: "number",
  minimum: "0",
  maximum: "10",
  inclusive: "no",
};

describe("the message catalogue", () => {
  it.each(LANGUAGES)("has a message for every rule code in %s", (language) => {
    for (const rule of Object.values(RULE_CODES)) {
      const message = renderMessage({ path: "x", rule, params: SAMPLE_PARAMS }, language);
      expect(message, rule).toMatch(/\S/);
      expect(message, rule).not.toMatch(/undefined|\[object/);
    }
  });

  it("holds no codes beyond RULE_CODES", () => {
    for (const language of LANGUAGES) {
      expect(Object.keys(MESSAGES[language]).sort()).toEqual(Object.values(RULE_CODES).sort());
    }
  });

  it("keeps rule codes stable: each value equals its key", () => {
    for (const [key, value] of Object.entries(RULE_CODES)) expect(value).toBe(key);
  });

  it("differs between English and Polish", () => {
    for (const rule of Object.values(RULE_CODES) as RuleCode[]) {
      const finding = { path: "x", rule, params: SAMPLE_PARAMS };
      expect(renderMessage(finding, "pl_PL"), rule).not.toBe(renderMessage(finding, "en_GB"));
    }
  });

  it("fills in parameters", () => {
    const finding = {
      path: "additional_services.rod",
      rule: RULE_CODES.postal_flag_forbidden,
      params: { flag: "rod", date: "2026-08-24" },
    };
    expect(renderMessage(finding, "en_GB")).toBe(
      "From 2026-08-24, the postal carrier (poczta) no longer accepts rod on shipments under your own contract: remove it.",
    );
    expect(renderMessage(finding, "pl_PL")).toContain("Od 2026-08-24");
  });

  it("tolerates missing parameters", () => {
    for (const rule of Object.values(RULE_CODES)) {
      expect(renderMessage({ path: "", rule, params: {} }, "en_GB")).not.toMatch(/undefined/);
    }
  });

  it("names dimensions in Polish", () => {
    const finding = {
      path: "",
      rule: RULE_CODES.dimension_rounded,
      params: { field: "height", from: 9.5, to: 10 },
    };
    expect(renderMessage(finding, "pl_PL")).toContain("wysokość 9.5 cm");
  });
});
