// Tests of the additional-services schemas: the strict request form, COD, and
// the tolerant answer form.
import { describe, expect, it } from "vitest";
import {
  ADDITIONAL_SERVICE_FLAGS,
  ADDITIONAL_SERVICE_KEYS,
  AdditionalServicesOutSchema,
  AdditionalServicesSchema,
  CodSchema,
} from "./additional-services.ts";

describe("AdditionalServicesSchema (request, strict)", () => {
  it("lists exactly its keys in ADDITIONAL_SERVICE_KEYS", () => {
    expect([...ADDITIONAL_SERVICE_KEYS].sort()).toEqual(
      Object.keys(AdditionalServicesSchema.shape).sort(),
    );
    expect(new Set(ADDITIONAL_SERVICE_KEYS).size).toBe(ADDITIONAL_SERVICE_KEYS.length);
  });

  it("names every flag of the spec and the facts", () => {
    for (const flag of [
      "rod",
      "cud",
      "private_shipping",
      "guarantee_0800",
      "guarantee_0900",
      "guarantee_0930",
      "guarantee_1200",
      "delivery_after_1700",
      "saturday_delivery",
      "saturday_pickup",
      "sms_predelivery_information",
      "fragile",
      "personal_delivery",
      "documents_supply",
      "registered_letter",
      "waiting_time",
      "premium",
      "digital_label",
      "poczta_ekspres24",
      "kurier48",
      "check_content",
      "pickup_confirmation",
      "delivery_confirmation",
      "receiver_email_notification",
      "food",
    ]) {
      expect(ADDITIONAL_SERVICE_FLAGS).toContain(flag);
    }
  });

  it("does not know the removed and renamed keys", () => {
    expect(ADDITIONAL_SERVICE_KEYS).not.toContain("sending_at_point");
    expect(ADDITIONAL_SERVICE_KEYS).not.toContain("poczta_kurier24");
    const result = AdditionalServicesSchema.safeParse({
      sending_at_point: true,
      poczta_kurier24: true,
    });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        code: "unrecognized_keys",
        keys: ["sending_at_point", "poczta_kurier24"],
      }),
    ]);
  });

  it("parses a realistic set of services", () => {
    const services = {
      cod: {
        amount: 129.99,
        iban: "PL61109010140000071219812874",
        currency: "PLN",
        express: false,
      },
      sms_predelivery_information: true,
      delivery_on_day: "2026-09-14",
      delivery_on_time: { from: "13:00", to: "20:00" },
      digital_label: true,
      kurier48: true,
    };
    expect(AdditionalServicesSchema.parse(services)).toEqual(services);
  });

  it("wants booleans for flags: a legacy digital_label string is the rules' job", () => {
    const result = AdditionalServicesSchema.safeParse({ digital_label: "yes", fragile: 1 });
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([
      ["fragile"],
      ["digital_label"],
    ]);
  });

  it("checks the date of delivery_on_day and the HH:MM form of delivery_on_time", () => {
    const result = AdditionalServicesSchema.safeParse({
      delivery_on_day: "14.09.2026",
      delivery_on_time: { from: "13", to: "20:00", until: "21:00" },
    });
    const paths = result.error?.issues.map((issue) => issue.path.join("."));
    expect(paths).toContain("delivery_on_day");
    expect(paths).toContain("delivery_on_time.from");
    expect(result.error?.issues).toContainEqual(
      expect.objectContaining({ path: ["delivery_on_time"], keys: ["until"] }),
    );
  });
});

describe("CodSchema", () => {
  it("needs a positive amount and an IBAN, and names unknown keys at cod", () => {
    const result = AdditionalServicesSchema.safeParse({ cod: { amount: 0, bank: "x" } });
    const issues = result.error?.issues ?? [];
    expect(issues).toContainEqual(
      expect.objectContaining({ path: ["cod", "amount"], code: "too_small" }),
    );
    expect(issues).toContainEqual(expect.objectContaining({ path: ["cod", "iban"] }));
    expect(issues).toContainEqual(expect.objectContaining({ path: ["cod"], keys: ["bank"] }));
  });

  it("wants an ISO currency code", () => {
    expect(CodSchema.safeParse({ amount: 10, iban: "PL1", currency: "zł" }).success).toBe(false);
  });
});

describe("AdditionalServicesOutSchema (answer, tolerant)", () => {
  it("reads a legacy digital_label string as true (v1.0.92)", () => {
    expect(AdditionalServicesOutSchema.parse({ digital_label: "qr" }).digital_label).toBe(true);
    expect(AdditionalServicesOutSchema.parse({ digital_label: "" }).digital_label).toBe(true);
    expect(AdditionalServicesOutSchema.parse({ digital_label: false }).digital_label).toBe(false);
    expect(AdditionalServicesOutSchema.parse({ digital_label: null }).digital_label).toBeNull();
  });

  it("keeps out-only flags, the COD transfer status and unknown services", () => {
    const parsed = AdditionalServicesOutSchema.parse({
      cod: {
        amount: 50,
        iban: "PL61109010140000071219812874",
        transferDone: true,
        transferDateInfo: "2026-09-20",
        transferStatus: "sent",
      },
      weight_30_50: true,
      courier_drive_up: false,
      poczta_ekspres24: true,
      poczta_kurier24: false,
      ups_saver: false,
      food: null,
      delivery_on_day: "",
    });
    expect(parsed.cod?.transferDone).toBe(true);
    expect(parsed.cod?.transferStatus).toBe("sent");
    expect(parsed.weight_30_50).toBe(true);
    expect(parsed.courier_drive_up).toBe(false);
    expect(parsed.poczta_ekspres24).toBe(true);
    expect(parsed["poczta_kurier24"]).toBe(false);
    expect(parsed["ups_saver"]).toBe(false);
  });

  it("accepts a null cod, as the service sends when there is none", () => {
    expect(AdditionalServicesOutSchema.parse({ cod: null }).cod).toBeNull();
  });
});
