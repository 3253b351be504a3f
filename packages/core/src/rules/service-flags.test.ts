// Tests of the service-flag catalogue and the carrier checks that follow from
// it.
import { describe, expect, it } from "vitest";
import { IssueCollector } from "../issues/issue-collector.ts";
import { ADDITIONAL_SERVICE_KEYS } from "../schemas/additional-services.ts";
import {
  CARRIERS,
  carrierOffers,
  checkServiceFlags,
  isKnownCarrier,
  POSTAL_PRODUCT_FLAGS,
  SERVICE_FLAGS,
  serviceFlag,
} from "./service-flags.ts";

function check(services: Record<string, unknown>, carrier: string | undefined) {
  const findings = new IssueCollector();
  checkServiceFlags(services, carrier, findings);
  return findings.errors;
}

describe("the service-flag catalogue", () => {
  it("names every flag once", () => {
    const names = SERVICE_FLAGS.map((flag) => flag.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it("names the flags of the documentation and the change history", () => {
    for (const name of [
      "cod",
      "rod",
      "cud",
      "private_shipping",
      "guarantee_0800",
      "guarantee_0900",
      "guarantee_0930",
      "guarantee_1200",
      "delivery_after_1700",
      "delivery_on_day",
      "delivery_on_time",
      "saturday_delivery",
      "saturday_pickup",
      "sms_predelivery_information",
      "fragile",
      "personal_delivery",
      "documents_supply",
      "registered_letter",
      "waiting_time",
      "check_content",
      "pickup_confirmation",
      "delivery_confirmation",
      "receiver_email_notification",
      "food",
      "digital_label",
      "premium",
      "poczta_ekspres24",
      "kurier48",
      "weight_30_50",
      "courier_drive_up",
    ]) {
      expect(serviceFlag(name), name).toBeDefined();
    }
  });

  it("names every flag the request schema accepts", () => {
    for (const name of ADDITIONAL_SERVICE_KEYS) expect(serviceFlag(name), name).toBeDefined();
  });

  it("does not name removed or renamed flags", () => {
    expect(serviceFlag("sending_at_point")).toBeUndefined();
    expect(serviceFlag("poczta_kurier24")).toBeUndefined();
  });

  it.each([
    "guarantee_0800",
    "delivery_after_1700",
    "delivery_on_time",
    "check_content",
    "rod",
    "saturday_delivery",
    "guarantee_1200",
    "personal_delivery",
  ])("knows the postal express service offers %s", (name) => {
    expect(carrierOffers("poczta", name)).toBe("yes");
  });

  it("keeps output-only flags apart", () => {
    expect(serviceFlag("weight_30_50")?.direction).toBe("output");
    expect(serviceFlag("courier_drive_up")?.direction).toBe("output");
  });

  it("knows the carriers of the service", () => {
    for (const carrier of [
      "inpost",
      "dpd",
      "dhl",
      "ups",
      "gls",
      "fedex",
      "poczta",
      "orlen",
      "meest",
    ]) {
      expect(CARRIERS).toContain(carrier);
      expect(isKnownCarrier(carrier)).toBe(true);
    }
    expect(isKnownCarrier("ruch")).toBe(false);
  });

  it("lists the postal product flags", () => {
    expect(POSTAL_PRODUCT_FLAGS).toEqual(["poczta_ekspres24", "kurier48"]);
  });
});

describe("carrierOffers", () => {
  it("says yes for a listed carrier", () => {
    expect(carrierOffers("ambroexpress", "premium")).toBe("yes");
  });

  it("says no for another catalogued carrier when the list is complete", () => {
    expect(carrierOffers("dpd", "premium")).toBe("no");
    expect(carrierOffers("inpost", "kurier48")).toBe("no");
  });

  it("does not guess when the list may be incomplete", () => {
    expect(carrierOffers("dpd", "rod")).toBe("unknown");
  });

  it("does not guess for flags without carriers or unknown carriers", () => {
    expect(carrierOffers("dpd", "cod")).toBe("unknown");
    expect(carrierOffers("pekaes", "premium")).toBe("unknown");
    expect(carrierOffers("dpd", "unheard_of")).toBe("unknown");
  });
});

describe("checkServiceFlags", () => {
  it("accepts the postal express flags for the postal carrier", () => {
    expect(
      check(
        {
          guarantee_0800: true,
          delivery_after_1700: true,
          check_content: true,
          rod: true,
          saturday_delivery: true,
          guarantee_1200: true,
          personal_delivery: true,
          poczta_ekspres24: true,
        },
        "poczta",
      ),
    ).toEqual([]);
  });

  it("accepts delivery_on_time inside 13:00–20:00 for the postal carrier", () => {
    expect(check({ delivery_on_time: "13:00" }, "poczta")).toEqual([]);
    expect(check({ delivery_on_time: "18:00-20:00" }, "poczta")).toEqual([]);
    expect(check({ delivery_on_time: { from: "13:00", to: "20:00" } }, "poczta")).toEqual([]);
  });

  it("rejects delivery_on_time outside 13:00–20:00 for the postal carrier", () => {
    expect(check({ delivery_on_time: "09:00" }, "poczta")).toEqual([
      {
        path: "additional_services.delivery_on_time",
        rule: "delivery_time_out_of_range",
        params: { carrier: "poczta", from: "13:00", to: "20:00" },
      },
    ]);
    expect(check({ delivery_on_time: { from: "12:00", to: "14:00" } }, "poczta")[0]?.rule).toBe(
      "delivery_time_out_of_range",
    );
    expect(check({ delivery_on_time: "19:00-21:00" }, "poczta")[0]?.rule).toBe(
      "delivery_time_out_of_range",
    );
  });

  it("leaves an unreadable delivery_on_time to the schema and the delivery-time rule", () => {
    expect(check({ delivery_on_time: "evening" }, "poczta")).toEqual([]);
    expect(check({ delivery_on_time: { from: "20:00", to: "13:00" } }, "poczta")).toEqual([]);
  });

  it("does not apply the postal window to other carriers", () => {
    expect(check({ delivery_on_time: "09:00" }, "dhl")).toEqual([]);
  });

  it("rejects a flag reserved to another carrier", () => {
    expect(check({ premium: true }, "dpd")).toEqual([
      {
        path: "additional_services.premium",
        rule: "flag_not_offered",
        params: { flag: "premium", carrier: "dpd" },
      },
    ]);
    expect(check({ kurier48: true }, "inpost")[0]?.rule).toBe("flag_not_offered");
  });

  it("ignores flags that are not requested", () => {
    expect(check({ premium: false, kurier48: null, delivery_on_time: "" }, "dpd")).toEqual([]);
  });

  it("does not check an unknown or absent carrier", () => {
    expect(check({ premium: true, delivery_on_time: "07:00" }, "pekaes")).toEqual([]);
    expect(check({ premium: true }, undefined)).toEqual([]);
  });
});
