// Tests of validatePackage case by case: valid packages, normalization, every
// problem at once, countries, the postal carrier and hostile input.
import { describe, expect, it } from "vitest";
import { CountryCatalog } from "../rules/countries.ts";
import { POSTCODE_FORMATS } from "../rules/postcodes.ts";
import type { AccountService } from "../schemas/index.ts";
import {
  SAMPLE_ACCOUNT_SERVICES,
  SAMPLE_IBAN,
  sampleOwnPostalPackage,
  sampleV1Package,
  sampleV2Package,
} from "./sample-packages.ts";
import { validatePackage } from "./validate-package.ts";
import { isValidationError, ValidationError } from "./validation-error.ts";

const AFTER_CUTOFF = () => new Date("2026-09-01T10:00:00Z");
const BEFORE_CUTOFF = () => new Date("2026-08-23T21:59:59Z");

type Pkg = Record<string, unknown>;

function section(pkg: Pkg, key: string): Pkg {
  return pkg[key] as Pkg;
}

function parcel(pkg: Pkg, index: number): Pkg {
  return (pkg["parcels"] as Pkg[])[index] as Pkg;
}

function v2(input: unknown, options: Partial<Parameters<typeof validatePackage>[1]> = {}) {
  return validatePackage(input, { version: 2, clock: AFTER_CUTOFF, ...options });
}

function issuesOf(result: ReturnType<typeof v2>) {
  if (result.ok) throw new Error("expected the package to be refused");
  return result.error.issues.map(({ path, rule }) => ({ path, rule }));
}

describe("validatePackage: valid packages", () => {
  it("accepts a realistic v2 package as it is", () => {
    const input = sampleV2Package();
    const result = v2(input);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value).toEqual(input);
    expect(result.warnings).toEqual([]);
  });

  it("accepts a v1 package with type on the package", () => {
    const result = validatePackage(sampleV1Package(), { version: 1, clock: AFTER_CUTOFF });
    expect(result.ok).toBe(true);
  });

  it("refuses a v1 package as v2 and a v2 package as v1, naming the field", () => {
    expect(issuesOf(v2(sampleV1Package()))).toEqual(
      expect.arrayContaining([
        { path: "type", rule: "unknown_field" },
        { path: "parcels[0].type", rule: "required" },
      ]),
    );
    const asV1 = validatePackage(sampleV2Package(), { version: 1, clock: AFTER_CUTOFF });
    expect(issuesOf(asV1)).toEqual(
      expect.arrayContaining([
        { path: "type", rule: "required" },
        { path: "parcels[0].type", rule: "unknown_field" },
      ]),
    );
  });

  it("never changes the caller's input", () => {
    const input = sampleV2Package();
    section(input, "receiver")["phone"] = "+48 601-202-303";
    parcel(input, 0)["width"] = 30.4;
    section(input, "additional_services")["poczta_kurier24"] = true;
    const copy = structuredClone(input);
    v2(input);
    expect(input).toEqual(copy);
  });

  it("runs the same rules for create, update and validate", () => {
    const input = sampleOwnPostalPackage();
    section(input, "additional_services")["rod"] = true;
    for (const operation of ["create", "update", "validate"] as const) {
      const result = v2(input, { operation, accountServices: SAMPLE_ACCOUNT_SERVICES });
      expect(issuesOf(result)).toEqual([
        { path: "additional_services.rod", rule: "postal_flag_forbidden" },
      ]);
    }
  });
});

describe("validatePackage: normalization", () => {
  it("returns the normalized package to send", () => {
    const input = sampleV2Package();
    section(input, "receiver")["phone"] = "+48 601-202-303";
    section(input, "sender")["phone"] = "0048 600 100 200";
    parcel(input, 0)["width"] = 29.2;
    parcel(input, 1)["height"] = 19.5;
    const services = section(input, "additional_services");
    services["digital_label"] = "yes";
    section(services, "cod")["iban"] = "61 1090 1014 0000 0712 1981 2874";
    section(services, "cod")["amount"] = 0.1 + 0.2;
    parcel(input, 1)["depth"] = 0.1 * 3 * 100;
    input["service"] = "ruch";
    const result = v2(input);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const value = result.value as Pkg;
    expect(section(value, "receiver")["phone"]).toBe("601202303");
    expect(section(value, "sender")["phone"]).toBe("600100200");
    expect(parcel(value, 0)["width"]).toBe(30);
    expect(parcel(value, 1)["height"]).toBe(20);
    const out = section(value, "additional_services");
    expect(out["digital_label"]).toBe(true);
    expect(section(out, "cod")["iban"]).toBe(SAMPLE_IBAN);
    expect(section(out, "cod")["amount"]).toBe(0.3);
    expect(parcel(value, 1)["depth"]).toBe(30);
    expect(value["service"]).toBe("orlen");
    expect(result.warnings.map((warning) => [warning.path, warning.rule])).toEqual([
      ["service", "value_renamed"],
      ["additional_services.digital_label", "digital_label_legacy"],
      ["parcels[0].width", "dimension_rounded"],
      ["parcels[1].height", "dimension_rounded"],
    ]);
  });

  it("sends poczta_kurier24 as poczta_ekspres24, with a deprecation warning", () => {
    const input = sampleV2Package();
    input["service"] = "poczta";
    section(input, "additional_services")["poczta_kurier24"] = true;
    const result = v2(input);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const out = section(result.value as Pkg, "additional_services");
    expect(out["poczta_ekspres24"]).toBe(true);
    expect(out).not.toHaveProperty("poczta_kurier24");
    expect(result.warnings.map((warning) => warning.rule)).toEqual(["field_renamed"]);
  });

  it("reports a problem with a renamed flag at the name the merchant wrote", () => {
    const input = sampleV2Package();
    section(input, "additional_services")["poczta_kurier24"] = true;
    const result = v2(input);
    expect(issuesOf(result)).toEqual([
      { path: "additional_services.poczta_kurier24", rule: "flag_not_offered" },
    ]);
    expect(result.warnings.map(({ path, rule }) => ({ path, rule }))).toEqual([
      { path: "additional_services.poczta_kurier24", rule: "field_renamed" },
    ]);
  });

  it("refuses sending_at_point, naming the release that removed it", () => {
    const input = sampleV2Package();
    section(input, "additional_services")["sending_at_point"] = true;
    const result = v2(input);
    expect(result.ok ? "" : result.error.issues[0]?.message).toBe(
      '"sending_at_point" was removed from the API in v1.0.5: remove it.',
    );
  });

  it("gives a value that validates again, without warnings", () => {
    const input = sampleV2Package();
    parcel(input, 0)["depth"] = 19.01;
    section(input, "additional_services")["digital_label"] = "1";
    const first = v2(input);
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    const second = v2(first.value);
    expect(second).toEqual({ ok: true, value: first.value, warnings: [] });
  });
});

describe("validatePackage: every problem at once", () => {
  it("reports schema and rule problems together, with paths and codes", () => {
    const input = sampleV2Package();
    input["colour"] = "red";
    section(input, "receiver")["phone"] = "12345";
    section(input, "receiver")["name"] = "Anna";
    parcel(input, 1)["weight"] = 0;
    section(input, "additional_services")["sending_at_point"] = true;
    section(section(input, "additional_services"), "cod")["iban"] = "PL00 1234";
    const result = v2(input);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toBeInstanceOf(ValidationError);
    expect(isValidationError(result.error)).toBe(true);
    expect(result.error.code).toBe("validation_failed");
    expect(issuesOf(result)).toEqual([
      { path: "colour", rule: "unknown_field" },
      { path: "additional_services.sending_at_point", rule: "field_removed" },
      { path: "receiver.phone", rule: "phone_invalid" },
      { path: "receiver.name", rule: "receiver_name_incomplete" },
      { path: "parcels[1].weight", rule: "weight_invalid" },
      { path: "additional_services.cod.iban", rule: "iban_invalid" },
    ]);
    expect(result.error.message).toMatch(/^6 problems: colour: Unknown field "colour"/);
  });

  it("prefers a rule's message to the schema's at the same path", () => {
    const input = sampleV2Package();
    parcel(input, 0)["weight"] = -2;
    expect(issuesOf(v2(input))).toEqual([{ path: "parcels[0].weight", rule: "weight_invalid" }]);
  });

  it("names a missing carrier", () => {
    const input = sampleV2Package();
    Reflect.deleteProperty(input, "service");
    expect(issuesOf(v2(input))).toEqual([{ path: "service", rule: "service_required" }]);
  });

  it("names a missing carrier together with wrong types elsewhere", () => {
    const input = sampleV2Package();
    Reflect.deleteProperty(input, "service");
    Reflect.deleteProperty(input, "pickup");
    section(input, "receiver")["city"] = 5;
    parcel(input, 0)["weight"] = "2";
    expect(issuesOf(v2(input))).toEqual([
      { path: "pickup", rule: "required" },
      { path: "receiver.city", rule: "invalid_type" },
      { path: "parcels[0].weight", rule: "invalid_type" },
      { path: "service", rule: "service_required" },
    ]);
  });

  it("speaks Polish when asked", () => {
    const input = sampleV2Package();
    section(input, "receiver")["phone"] = "123";
    const result = v2(input, { language: "pl_PL" });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.message).toBe(
      "1 problem: receiver.phone: Polski numer telefonu ma dokładnie 9 cyfr, np. 600100200 lub +48 600 100 200",
    );
  });

  it("falls back to English for a language it does not speak", () => {
    const input = sampleV2Package();
    section(input, "receiver")["phone"] = "123";
    const result = v2(input, { language: "de_DE" as "en_GB" });
    expect(result.ok ? "" : result.error.issues[0]?.message).toMatch(/^A Polish phone number/);
  });
});

describe("validatePackage: countries", () => {
  function receiverIn(country: string): Pkg {
    const input = sampleV2Package();
    section(input, "receiver")["country_code"] = country;
    // A postcode of that country's form, where core knows one.
    const format = POSTCODE_FORMATS[country];
    if (format !== undefined) section(input, "receiver")["postcode"] = format.example;
    return input;
  }

  it.each(["GB", "CY", "UA", "US"])(
    "accepts a receiver in %s by default, warning that the built-in list may be incomplete",
    (country) => {
      const result = v2(receiverIn(country));
      if (!result.ok) throw new Error(result.error.message);
      expect(section(result.value as Pkg, "receiver")["country_code"]).toBe(country);
      const warnings = result.warnings.filter((w) => w.rule === "country_unverified");
      expect(warnings.map(({ path }) => path)).toEqual(["receiver.country_code"]);
      expect(warnings[0]?.message).toBe(
        `The country ${country} is not on the built-in list of countries the service ships to, which may be incomplete; load the live country list from the service to check it.`,
      );
    },
  );

  it("warns in Polish when asked", () => {
    const result = v2(receiverIn("GB"), { language: "pl_PL" });
    expect(result.warnings.find((w) => w.rule === "country_unverified")?.message).toBe(
      "Kraju GB nie ma na wbudowanej liście krajów obsługiwanych przez serwis, a ta lista może być niepełna; wczytaj aktualną listę krajów z serwisu, aby to sprawdzić.",
    );
  });

  it("does not warn about a country on the built-in list", () => {
    const result = v2(receiverIn("DE"));
    expect(result.ok).toBe(true);
    expect(result.warnings.filter((w) => w.rule === "country_unverified")).toEqual([]);
  });

  it("refuses a receiver country outside the live list", () => {
    const input = receiverIn("US");
    section(input, "receiver")["phone"] = "+1 212 555 0100";
    const countries = new CountryCatalog().replace(["PL", "DE"]);
    const result = v2(input, { countries });
    expect(issuesOf(result)).toEqual([
      { path: "receiver.country_code", rule: "country_not_supported" },
    ]);
    expect(result.warnings.filter((w) => w.rule === "country_unverified")).toEqual([]);
  });

  it("refuses a sender country outside the live list, in v1 as well", () => {
    const input = sampleV1Package();
    section(input, "sender")["country_code"] = "GB";
    const countries = new CountryCatalog().replace(["PL"]);
    const result = validatePackage(input, { version: 1, clock: AFTER_CUTOFF, countries });
    expect(issuesOf(result)).toContainEqual({
      path: "sender.country_code",
      rule: "country_not_supported",
    });
  });

  it.each(["UK", "XX", "pl"])("refuses %s, not an ISO code, with either list", (country) => {
    expect(issuesOf(v2(receiverIn(country)))).toEqual([
      { path: "receiver.country_code", rule: "country_invalid" },
    ]);
    const countries = new CountryCatalog().replace(["PL"]);
    expect(issuesOf(v2(receiverIn(country), { countries }))).toEqual([
      { path: "receiver.country_code", rule: "country_invalid" },
    ]);
  });

  it("accepts it once the live list replaces the built-in one", () => {
    const input = sampleV2Package();
    section(input, "receiver")["country_code"] = "US";
    const countries = new CountryCatalog().replace(["PL", "US"]);
    const result = v2(input, { countries });
    expect(result.ok).toBe(true);
    expect(result.warnings.filter((w) => w.rule === "country_unverified")).toEqual([]);
  });

  it("leaves phones of other countries as given", () => {
    const input = sampleV2Package();
    section(input, "receiver")["country_code"] = "DE";
    section(input, "receiver")["postcode"] = "10115";
    section(input, "receiver")["phone"] = "+49 30 1234567";
    const result = v2(input);
    expect(result.ok && section(result.value as Pkg, "receiver")["phone"]).toBe("+49 30 1234567");
  });
});

describe("validatePackage: the postal carrier on an own contract", () => {
  const accountServices: AccountService[] = [
    { id: 102, service: "poczta", name: "Pocztex", service_contract: "own" },
    { id: 103, service: "poczta", name: "Pocztex", service_contract: "furgonetka" },
  ];

  function postal(flags: Pkg, serviceId = 102) {
    const input = sampleOwnPostalPackage();
    input["service_id"] = serviceId;
    input["additional_services"] = { kurier48: true, ...flags };
    return input;
  }

  it("refuses the seven flags from 2026-08-24, one issue per flag", () => {
    const input = postal({ rod: true, check_content: true, saturday_pickup: true });
    const result = v2(input, { accountServices });
    expect(issuesOf(result)).toEqual([
      { path: "additional_services.rod", rule: "postal_flag_forbidden" },
      { path: "additional_services.saturday_pickup", rule: "postal_flag_forbidden" },
      { path: "additional_services.check_content", rule: "postal_flag_forbidden" },
    ]);
  });

  it("accepts them the day before", () => {
    const result = v2(postal({ rod: true }), { accountServices, clock: BEFORE_CUTOFF });
    expect(result.ok).toBe(true);
  });

  it("accepts them on the service's contract", () => {
    expect(v2(postal({ rod: true }, 103), { accountServices }).ok).toBe(true);
  });

  it("takes an explicit contract option", () => {
    const input = postal({ rod: true });
    Reflect.deleteProperty(input, "service_id");
    input["service"] = "poczta";
    expect(v2(input).ok).toBe(true);
    expect(issuesOf(v2(input, { contract: "own" }))).toHaveLength(1);
  });

  it("applies the rule to a carrier named by service when the account has only an own postal contract", () => {
    const ownOnly: AccountService[] = [
      { id: 102, service: "poczta", name: "Pocztex", service_contract: "own" },
      { id: 104, service: "dpd", name: "DPD", service_contract: "furgonetka" },
    ];
    const input = postal({ rod: true });
    Reflect.deleteProperty(input, "service_id");
    input["service"] = "poczta";
    expect(issuesOf(v2(input, { accountServices: ownOnly }))).toEqual([
      { path: "additional_services.rod", rule: "postal_flag_forbidden" },
    ]);
  });

  it("warns instead of staying silent when the postal contract cannot be told", () => {
    const input = postal({ rod: true });
    Reflect.deleteProperty(input, "service_id");
    input["service"] = "poczta";
    for (const options of [{}, { accountServices }]) {
      const result = v2(input, options);
      expect(result.ok).toBe(true);
      expect(result.warnings.map(({ path, rule }) => ({ path, rule }))).toEqual([
        { path: "additional_services.rod", rule: "postal_contract_unknown" },
      ]);
    }
    const before = v2(input, { clock: BEFORE_CUTOFF });
    expect(before.warnings).toEqual([]);
  });

  it("warns that a shipment without a postal service becomes express (v1.0.109)", () => {
    const input = sampleOwnPostalPackage();
    input["additional_services"] = { sms_predelivery_information: true };
    const result = v2(input, { accountServices });
    expect(result.ok).toBe(true);
    expect(result.warnings.map((warning) => warning.rule)).toEqual(["postal_express_default"]);
    expect(result.warnings[0]?.message).toContain("kurier48");
  });

  it("explains the range form of delivery_on_time, for every carrier", () => {
    for (const value of ["13:00-15:00", { from: "16:00", to: "14:00" }]) {
      const input = sampleV2Package();
      section(input, "additional_services")["delivery_on_time"] = value;
      const result = v2(input, { language: "pl_PL" });
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.error.issues).toEqual([
        {
          path: "additional_services.delivery_on_time",
          rule: "delivery_time_invalid",
          message:
            'Podaj godziny doręczenia jako { "from": "GG:MM", "to": "GG:MM" }, gdzie from nie jest późniejsze niż to, np. { "from": "13:00", "to": "15:00" }.',
        },
      ]);
    }
  });

  it("checks the delivery_on_time window", () => {
    const result = v2(postal({ delivery_on_time: { from: "09:00", to: "12:00" } }), {
      accountServices,
    });
    expect(issuesOf(result)).toEqual([
      { path: "additional_services.delivery_on_time", rule: "delivery_time_out_of_range" },
    ]);
  });

  it("lets the postal carrier leave pickup and sender null", () => {
    const input = sampleOwnPostalPackage();
    input["pickup"] = null;
    input["sender"] = null;
    expect(v2(input, { accountServices }).ok).toBe(true);
  });

  it("refuses null pickup and sender for other carriers", () => {
    const input = sampleV2Package();
    input["pickup"] = null;
    input["sender"] = null;
    expect(issuesOf(v2(input))).toEqual([
      { path: "pickup", rule: "address_required" },
      { path: "sender", rule: "address_required" },
    ]);
  });
});

describe("validatePackage: hostile input never throws", () => {
  it.each([
    ["undefined", undefined],
    ["null", null],
    ["a number", 42],
    ["a string", "package"],
    ["an array", [sampleV2Package()]],
    ["a date", new Date()],
  ])("refuses %s with a ValidationError", (_label, input) => {
    const result = v2(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toBeInstanceOf(ValidationError);
  });

  it("survives a throwing getter", () => {
    const input = sampleV2Package();
    Object.defineProperty(input, "receiver", {
      enumerable: true,
      get() {
        throw new Error("boom");
      },
    });
    const result = v2(input);
    expect(issuesOf(result)).toEqual([{ path: "", rule: "input_unreadable" }]);
  });

  it("survives a hostile proxy", () => {
    const input = new Proxy(
      {},
      {
        getPrototypeOf() {
          throw new Error("trap");
        },
      },
    );
    expect(v2(input).ok).toBe(false);
  });

  it("survives cycles", () => {
    const input = sampleV2Package();
    const receiver = section(input, "receiver");
    receiver["self"] = receiver;
    input["parcels"] = [input];
    const result = v2(input);
    expect(result.ok).toBe(false);
    expect(issuesOf(result)).toEqual(
      expect.arrayContaining([{ path: "receiver.self", rule: "unknown_field" }]),
    );
  });

  it("never echoes a value of the input in a message (it may be a secret)", () => {
    const secret = "tok_9f8e7d6c5b4a";
    const input = sampleV2Package();
    const receiver = section(input, "receiver");
    for (const key of ["email", "phone", "country_code", "postcode"]) receiver[key] = secret;
    receiver["extra"] = secret;
    input["service_id"] = secret;
    input["type"] = secret;
    parcel(input, 0)["type"] = secret;
    parcel(input, 1)["width"] = secret;
    const services = section(input, "additional_services");
    services["delivery_on_time"] = secret;
    services["digital_label"] = secret;
    services["poczta_kurier24"] = secret;
    section(services, "cod")["iban"] = secret;
    section(services, "cod")["currency"] = secret;
    for (const language of ["en_GB", "pl_PL"] as const) {
      const result = v2(input, { language });
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.error.issues.length).toBeGreaterThan(8);
      const texts = [
        result.error.message,
        ...result.error.issues.map((issue) => issue.message),
        ...result.warnings.map((warning) => warning.message),
        JSON.stringify(result.error.toResponseBody()),
      ];
      for (const text of texts) expect(text).not.toContain(secret);
    }
  });

  it("keeps a huge string out of the message", () => {
    const input = sampleV2Package();
    const huge = "x".repeat(1_000_000);
    section(input, "receiver")["phone"] = huge;
    input[huge] = true;
    const result = v2(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message.length).toBeLessThan(2_000);
  });

  it("treats prototype keys as unknown fields and pollutes nothing", () => {
    const input = JSON.parse(
      JSON.stringify(sampleV2Package()).replace(
        '"service":',
        '"__proto__":{"polluted":true},"service":',
      ),
    );
    const result = v2(input);
    expect(issuesOf(result)).toEqual([{ path: "__proto__", rule: "unknown_field" }]);
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
  });

  it("reads a package without options as v2, instead of calling it unreadable", () => {
    const result = validatePackage(sampleV2Package(), undefined as never);
    expect(result.ok).toBe(true);
  });

  it("survives garbage options", () => {
    const result = validatePackage(sampleV2Package(), {
      version: 7 as 2,
      language: 12 as unknown as "en_GB",
      clock: AFTER_CUTOFF,
    });
    expect(result.ok).toBe(true);
  });
});

describe("validatePackage: postcodes and house numbers", () => {
  it("refuses postcodes not in their country's form, on every address, all at once", () => {
    const input = sampleV2Package();
    section(input, "receiver")["postcode"] = "12345";
    section(input, "sender")["postcode"] = "ABC";
    section(input, "pickup")["postcode"] = "ABC";
    expect(issuesOf(v2(input))).toEqual([
      { path: "pickup.postcode", rule: "postcode_invalid" },
      { path: "sender.postcode", rule: "postcode_invalid" },
      { path: "receiver.postcode", rule: "postcode_invalid" },
    ]);
  });

  it("says the form in English and Polish", () => {
    const input = sampleV2Package();
    section(input, "receiver")["postcode"] = "ABC";
    const en = v2(input);
    const pl = v2(input, { language: "pl_PL" });
    if (en.ok || pl.ok) throw new Error("expected the package to be refused");
    expect(en.error.issues[0]?.message).toBe(
      "Postcodes in Poland are written NN-NNN, for example 00-950; check this postcode.",
    );
    expect(pl.error.issues[0]?.message).toBe(
      "Kody pocztowe w Polsce mają postać NN-NNN, np. 00-950; sprawdź ten kod.",
    );
  });

  it("names another country in words", () => {
    const input = sampleV2Package();
    Object.assign(section(input, "receiver"), { country_code: "DE", postcode: "ABC" });
    const en = v2(input);
    const pl = v2(input, { language: "pl_PL" });
    if (en.ok || pl.ok) throw new Error("expected the package to be refused");
    const find = (issues: readonly { path: string; message: string }[]) =>
      issues.find((issue) => issue.path === "receiver.postcode")?.message;
    expect(find(en.error.issues)).toBe(
      "Postcodes in Germany are written NNNNN, for example 10115; check this postcode.",
    );
    expect(find(pl.error.issues)).toBe(
      "Kody pocztowe w kraju Niemcy (DE) mają postać NNNNN, np. 10115; sprawdź ten kod.",
    );
  });

  it("checks each country by its own form", () => {
    const input = sampleV2Package();
    Object.assign(section(input, "receiver"), {
      country_code: "CZ",
      postcode: "11000",
      phone: "+420 601 123 456",
    });
    expect(issuesOf(v2(input))).toEqual([{ path: "receiver.postcode", rule: "postcode_invalid" }]);
    section(input, "receiver")["postcode"] = "110 00";
    expect(v2(input).ok).toBe(true);
  });

  it("refuses a street without a house number where a courier goes to the door", () => {
    const input = sampleV2Package();
    section(input, "receiver")["street"] = "Marszałkowska";
    section(input, "pickup")["street"] = "Magazynowa";
    expect(issuesOf(v2(input))).toEqual([
      { path: "pickup.street", rule: "house_number_missing" },
      { path: "receiver.street", rule: "house_number_missing" },
    ]);
  });

  it("accepts a street without a number at a point, and on the sender (never visited)", () => {
    const input = sampleV2Package();
    Object.assign(section(input, "receiver"), { street: "Marszałkowska", point: "WAW01A" });
    Object.assign(section(input, "pickup"), { street: "Magazynowa", point: "WAW02B" });
    section(input, "sender")["street"] = "Handlowa";
    expect(v2(input).ok).toBe(true);
  });
});
