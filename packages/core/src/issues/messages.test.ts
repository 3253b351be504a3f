// Tests of the message catalogue in English and Polish.
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "./language.ts";
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

  it("names dimensions in Polish, with a decimal comma", () => {
    const finding = {
      path: "",
      rule: RULE_CODES.dimension_rounded,
      params: { field: "height", from: 9.5, to: 10 },
    };
    expect(renderMessage(finding, "pl_PL")).toBe(
      "Wysokość 9,5 cm zaokrąglono w górę do 10 cm: serwis przyjmuje pełne centymetry.",
    );
    expect(renderMessage(finding, "en_GB")).toBe(
      "The height of 9.5 cm was rounded up to 10 cm: the service takes whole centimetres.",
    );
    expect(
      renderMessage(
        { path: "", rule: RULE_CODES.dimension_invalid, params: { field: "depth" } },
        "pl_PL",
      ),
    ).toBe("Długość musi być dodatnią liczbą centymetrów.");
  });

  it.each([
    ["string", "2", "Give at least 2 characters.", "Podaj co najmniej 2 znaki."],
    ["string", "5", "Give at least 5 characters.", "Podaj co najmniej 5 znaków."],
    ["string", "22", "Give at least 22 characters.", "Podaj co najmniej 22 znaki."],
    ["string", "12", "Give at least 12 characters.", "Podaj co najmniej 12 znaków."],
    ["array", "1", "Give at least 1 item.", "Podaj co najmniej 1 element."],
    ["array", "3", "Give at least 3 items.", "Podaj co najmniej 3 elementy."],
  ])("counts %s minimums of %s in both languages", (origin, minimum, en, pl) => {
    const finding = {
      path: "",
      rule: RULE_CODES.too_small,
      params: { origin, minimum, inclusive: "yes" },
    };
    expect(renderMessage(finding, "en_GB")).toBe(en);
    expect(renderMessage(finding, "pl_PL")).toBe(pl);
  });

  it("names the address a carrier contract may supply, in Polish", () => {
    const finding = {
      path: "pickup",
      rule: RULE_CODES.address_required,
      params: { field: "pickup", carrier: "poczta" },
    };
    expect(renderMessage(finding, "pl_PL")).toMatch(
      /^Pole pickup \(adres nadania\) jest wymagane: /,
    );
  });

  it("counts maximums in both languages", () => {
    const finding = {
      path: "",
      rule: RULE_CODES.too_big,
      params: { origin: "array", maximum: "100", inclusive: "yes" },
    };
    expect(renderMessage(finding, "en_GB")).toBe("Give at most 100 items.");
    expect(renderMessage(finding, "pl_PL")).toBe("Podaj co najwyżej 100 elementów.");
  });

  it("describes formats the way a merchant writes them", () => {
    const date = { path: "", rule: RULE_CODES.invalid_format, params: { format: "date" } };
    expect(renderMessage(date, "en_GB")).toBe(
      "The format is wrong: expected a date as YYYY-MM-DD, such as 2026-09-01.",
    );
    expect(renderMessage(date, "pl_PL")).toBe(
      "Nieprawidłowy format. Oczekiwano: data w formacie RRRR-MM-DD, np. 2026-09-01.",
    );
    const odd = { path: "", rule: RULE_CODES.invalid_format, params: { format: "ipv4" } };
    expect(renderMessage(odd, "en_GB")).toBe("The format is wrong: expected ipv4.");
  });

  it.each([
    ["date", "Expected a date (a Date object).", "Oczekiwano wartości typu: data (obiekt Date)."],
    [
      "AbortSignal",
      "Expected an AbortSignal (for example from an AbortController).",
      "Oczekiwano wartości typu: AbortSignal (np. z AbortController).",
    ],
    ["string", "Expected text.", "Oczekiwano wartości typu: tekst."],
  ])("names the expected type %s in both languages", (expected, en, pl) => {
    const finding = { path: "options", rule: RULE_CODES.invalid_type, params: { expected } };
    expect(renderMessage(finding, "en_GB")).toBe(en);
    expect(renderMessage(finding, "pl_PL")).toBe(pl);
  });

  it("names a reserved character in both languages", () => {
    const finding = {
      path: "storeId",
      rule: RULE_CODES.reserved_character,
      params: { character: ":" },
    };
    expect(renderMessage(finding, "en_GB")).toBe(
      'Remove the character ":": it is reserved and may not appear in this value.',
    );
    expect(renderMessage(finding, "pl_PL")).toBe(
      "Usuń znak „:”: jest zastrzeżony i nie może wystąpić w tej wartości.",
    );
    const bare = { path: "storeId", rule: RULE_CODES.reserved_character, params: {} };
    expect(renderMessage(bare, "en_GB")).toBe(
      "This value contains a reserved character; remove it.",
    );
    expect(renderMessage(bare, "pl_PL")).toBe("Ta wartość zawiera zastrzeżony znak; usuń go.");
  });

  it("asks for the live country list when a country is not on the built-in one", () => {
    const finding = {
      path: "receiver.country_code",
      rule: RULE_CODES.country_unverified,
      params: { country: "UA" },
    };
    expect(renderMessage(finding, "en_GB")).toBe(
      "The country UA is not on the built-in list of countries the service ships to, which may be incomplete; load the live country list from the service to check it.",
    );
    expect(renderMessage(finding, "pl_PL")).toBe(
      "Kraju UA nie ma na wbudowanej liście krajów obsługiwanych przez serwis, a ta lista może być niepełna; wczytaj aktualną listę krajów z serwisu, aby to sprawdzić.",
    );
  });
});
