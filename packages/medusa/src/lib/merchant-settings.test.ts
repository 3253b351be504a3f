// The merchant's settings: a good page's values normalized with core's rules;
// a bad one refused naming every field path and rule at once, in English and
// in Polish; the saved settings replacing medusa-config.ts's values field by
// field, null clearing the pickup address and cash on delivery.
import { isValidationError } from "@shipbridge/core";
import { describe, expect, it } from "vitest";
import { checkMerchantSettings, withMerchantSettings } from "./merchant-settings.ts";
import { parsePluginOptions } from "./options.ts";

const defaults = parsePluginOptions({
  clientId: "demo-client",
  clientSecret: "demo-secret",
  sender: {
    name: "Sklep Kowalski",
    street: "ul. Marszałkowska 1",
    postcode: "00-624",
    city: "Warszawa",
    country_code: "PL",
    phone: "501234567",
  },
  services: [{ service: "inpost", pickup_point: true }],
  flatPrice: 19.99,
});

function refusal(input: unknown, language: "en_GB" | "pl_PL" = "en_GB") {
  try {
    checkMerchantSettings(input, defaults, language);
  } catch (error) {
    if (isValidationError(error)) return error.issues;
    throw error;
  }
  throw new Error("the settings were accepted");
}

describe("checkMerchantSettings", () => {
  it("accepts good settings, normalized", () => {
    const settings = checkMerchantSettings(
      {
        sender: {
          name: "Sklep Nowak",
          street: "ul. Długa 5",
          postcode: "80831",
          city: "Gdańsk",
          country_code: "pl",
          phone: "+48 600 100 200",
          email: "sklep@example.com",
        },
        pickup: null,
        services: [
          { service: "dpd", name: "DPD", returns: true },
          { service: "inpost", pickup_point: true },
        ],
        cod: { iban: "PL61 1090 1014 0000 0712 1981 2874" },
        cod_payment_providers: ["pp_system_default"],
      },
      defaults,
    );
    expect(settings).toEqual({
      sender: {
        name: "Sklep Nowak",
        street: "ul. Długa 5",
        postcode: "80-831",
        city: "Gdańsk",
        country_code: "PL",
        phone: "600100200",
        email: "sklep@example.com",
      },
      pickup: null,
      services: [
        { service: "dpd", name: "DPD", pickup_point: false, returns: true },
        { service: "inpost", pickup_point: true, returns: false },
      ],
      cod: { iban: "PL61109010140000071219812874" },
      cod_payment_providers: ["pp_system_default"],
    });
  });

  it("names every field path and rule at once, in English and Polish", () => {
    const bad = {
      sender: {
        name: "Sklep",
        // the sender's name is the shop's: one word is enough
        street: "Marszałkowska",
        postcode: "ABC",
        city: "Warszawa",
        country_code: "PL",
        phone: "12",
      },
      services: [
        { service: "dpd" },
        { service: "pigeon" },
        { service: "dpd", pickup_point: "yes" },
      ],
      cod: { iban: "PL00 1234" },
      colour: "red",
    };
    const english = refusal(bad);
    const rules = english.map((issue) => `${issue.path} ${issue.rule}`);
    expect(rules).toEqual(
      expect.arrayContaining([
        "colour unknown_field",
        "sender.street house_number_missing",
        "sender.postcode postcode_invalid",
        "sender.phone phone_invalid",
        "services.1.service carrier_unknown",
        "services.2.service invalid_value",
        "services.2.pickup_point invalid_type",
        "cod.iban iban_invalid",
      ]),
    );
    expect(rules).toHaveLength(8);
    const polish = refusal(bad, "pl_PL");
    expect(polish.map((issue) => `${issue.path} ${issue.rule}`)).toEqual(rules);
    const ibanPl = polish.find((issue) => issue.path === "cod.iban");
    expect(ibanPl?.message).toMatch(/IBAN/);
    expect(ibanPl?.message).not.toEqual(english.find((i) => i.path === "cod.iban")?.message);
    expect(polish.find((issue) => issue.path === "services.1.service")?.message).toMatch(
      /nie jest przewoźnikiem/,
    );
  });

  it("asks the sender for a house number only where the carrier collects", () => {
    const sender = { ...defaults.sender, street: "Marszałkowska" };
    expect(refusal({ sender }).map((issue) => `${issue.path} ${issue.rule}`)).toEqual([
      "sender.street house_number_missing",
    ]);
    const pickup = { ...defaults.sender, street: "Magazynowa" };
    expect(checkMerchantSettings({ sender, pickup: defaults.sender }, defaults).sender).toEqual(
      sender,
    );
    expect(refusal({ sender, pickup }).map((issue) => `${issue.path} ${issue.rule}`)).toEqual([
      "pickup.street house_number_missing",
    ]);
  });

  it("refuses missing fields, no carriers, and payment providers without an IBAN", () => {
    const rules = refusal({
      sender: { street: "ul. Długa 5", postcode: "80-831", country_code: "PL" },
      services: [],
      cod_payment_providers: ["pp_system_default"],
    }).map((issue) => `${issue.path} ${issue.rule}`);
    expect(rules).toEqual([
      "sender.name required",
      "sender.city required",
      "sender.phone required",
      "services too_small",
      "cod.iban iban_required",
    ]);
    expect(refusal("nope").map((issue) => `${issue.path} ${issue.rule}`)).toEqual([
      "settings invalid_type",
    ]);
  });
});

describe("withMerchantSettings", () => {
  it("replaces each given field, null clearing pickup and cash on delivery", () => {
    const withCod = { ...defaults, cod: { iban: "PL61109010140000071219812874" } };
    expect(withMerchantSettings(defaults, undefined)).toBe(defaults);
    const services = [{ service: "dpd", pickup_point: false, returns: true }];
    const merged = withMerchantSettings(withCod, { services, cod: null });
    expect(merged.services).toEqual(services);
    expect(merged.sender).toEqual(defaults.sender);
    expect(merged.cod).toBeUndefined();
    expect(merged.cod_payment_providers).toEqual([]);
    expect(merged.clientSecret).toBe("demo-secret");
    const pickup = { ...defaults.sender, city: "Kraków" };
    expect(withMerchantSettings(defaults, { pickup }).pickup).toEqual(pickup);
    expect(withMerchantSettings({ ...defaults, pickup }, { pickup: null }).pickup).toBeUndefined();
  });
});
