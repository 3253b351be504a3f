// Tests of the messages of the checks only the service can make (the
// account's carriers, a parcel number's carrier, pickups), case by case and in
// both languages, as the sandbox answers them in its 400s.
import { describe, expect, it } from "vitest";
import type { Language } from "../language.ts";
import type { MessageParams } from "./findings.ts";
import { renderMessage } from "./messages.ts";
import { RULE_CODES, type RuleCode } from "./rule-codes.ts";

const say = (rule: RuleCode, params: MessageParams, language: Language = "en_GB") =>
  renderMessage({ path: "", rule, params }, language);

describe("service-state messages", () => {
  it("service_unavailable names the carrier or the service_id", () => {
    expect(say(RULE_CODES.service_unavailable, { carrier: "fedex" })).toBe(
      'The carrier "fedex" is not available on your account (GET /account/services).',
    );
    expect(say(RULE_CODES.service_unavailable, { service_id: 99 }, "pl_PL")).toBe(
      "service_id 99 nie jest jedną z usług Twojego konta (GET /account/services).",
    );
  });

  it("carrier_unknown and carrier_mismatch explain the parcel number", () => {
    expect(say(RULE_CODES.carrier_unknown, {})).toMatch(/cannot be recognised; give service/);
    expect(
      say(RULE_CODES.carrier_mismatch, { number: "6PAK1", carrier: "dpd", service: "ups" }),
    ).toBe("The number 6PAK1 has the format of dpd, not ups.");
    expect(
      say(
        RULE_CODES.carrier_mismatch,
        { number: "6PAK1", carrier: "dpd", service: "ups" },
        "pl_PL",
      ),
    ).toBe("Numer 6PAK1 ma format przewoźnika dpd, a nie ups.");
  });

  it("pickup_unavailable says why, for each reason", () => {
    expect(say(RULE_CODES.pickup_unavailable, { package_id: 7, reason: "not_found" })).toBe(
      "There is no package 7 on this account.",
    );
    expect(
      say(RULE_CODES.pickup_unavailable, {
        package_id: 7,
        reason: "already_ordered",
        pickup_number: "DPD-1",
      }),
    ).toBe("A pickup (DPD-1) is already ordered for package 7.");
    expect(
      say(RULE_CODES.pickup_unavailable, { package_id: 7, reason: "not_pickable" }, "pl_PL"),
    ).toBe(
      "Przesyłka 7 musi być zamówiona, nieanulowana i jeszcze nieodebrana, aby zamówić kuriera.",
    );
  });

  it("pickup_one_carrier, pickup_date_unavailable and pickup_outside_window", () => {
    expect(say(RULE_CODES.pickup_one_carrier, { carriers: "dpd, ups" })).toBe(
      "One pickup serves one carrier; these packages go with dpd, ups.",
    );
    expect(say(RULE_CODES.pickup_date_unavailable, { date: "2026-09-05" }, "pl_PL")).toBe(
      "Kurier nie przyjedzie 2026-09-05; wybierz dzień z POST /packages/pickup-date-proposals.",
    );
    expect(
      say(RULE_CODES.pickup_outside_window, { field: "min_time", from: "10:00", to: "16:00" }),
    ).toBe("min_time must be from 10:00 and before 16:00.");
    expect(
      say(
        RULE_CODES.pickup_outside_window,
        { field: "max_time", from: "10:00", to: "16:00" },
        "pl_PL",
      ),
    ).toBe("max_time musi być po min_time i najpóźniej 16:00.");
  });
});
