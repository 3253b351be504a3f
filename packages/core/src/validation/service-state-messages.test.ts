// Tests of the messages of the checks only the service can make (the
// account's carriers, a parcel number's carrier, pickups, a carrier's limits
// in a price quote, the packages of a command), case by case and in both
// languages, as the sandbox answers them.
import { describe, expect, it } from "vitest";
import type { MessageParams } from "../issues/issue-collector.ts";
import type { Language } from "../issues/language.ts";
import { renderMessage } from "../issues/messages.ts";
import { RULE_CODES, type RuleCode } from "../issues/rule-codes.ts";

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

  it("pickup_not_needed names the package and the point it is handed in at", () => {
    const params = { package_id: 7, point: "KRA01M" };
    expect(say(RULE_CODES.pickup_not_needed, params)).toBe(
      "Package 7 is handed in by the sender at point KRA01M, so no courier pickup is needed for it.",
    );
    expect(say(RULE_CODES.pickup_not_needed, params, "pl_PL")).toBe(
      "Przesyłkę 7 nadawca nadaje w punkcie KRA01M, więc nie trzeba zamawiać po nią kuriera.",
    );
  });

  it("protocol_one_carrier names the protocol's carrier and the package's, in both languages", () => {
    const params = { package_id: 7, carrier: "dpd", service: "inpost" };
    expect(say(RULE_CODES.protocol_one_carrier, params)).toBe(
      "A handover protocol serves one carrier: this one is for dpd, but package 7 goes with inpost. Ask for a separate protocol for inpost.",
    );
    expect(say(RULE_CODES.protocol_one_carrier, params, "pl_PL")).toBe(
      "Protokół nadania obejmuje jednego przewoźnika: ten jest dla dpd, a przesyłka 7 jedzie z inpost. Poproś o osobny protokół dla inpost.",
    );
    expect(say(RULE_CODES.protocol_pdf_only, {})).toMatch(/^A handover protocol is a PDF/);
    expect(say(RULE_CODES.protocol_pdf_only, {}, "pl_PL")).toMatch(/^Protokół nadania jest/);
  });

  it("point_unavailable names the point, its field and why, for each reason", () => {
    const point = { point: "KRA01M", field: "receiver.point" };
    expect(say(RULE_CODES.point_unavailable, { ...point, reason: "closed" })).toBe(
      "Point KRA01M is closed and takes no parcels; choose another point on the map.",
    );
    expect(say(RULE_CODES.point_unavailable, { ...point, reason: "holiday" }, "pl_PL")).toBe(
      "Punkt KRA01M jest zamknięty na czas przerwy świątecznej; wybierz inny punkt na mapie.",
    );
    expect(say(RULE_CODES.point_unavailable, { point: "NOPE1", reason: "not_found" })).toBe(
      "There is no point NOPE1; choose another point on the map.",
    );
    expect(
      say(RULE_CODES.point_unavailable, {
        ...point,
        reason: "other_carrier",
        pointCarrier: "inpost",
        carrier: "dpd",
      }),
    ).toBe(
      "Point KRA01M belongs to inpost, but the package ships with dpd; choose a point of dpd.",
    );
    expect(
      say(RULE_CODES.point_unavailable, { ...point, reason: "not_delivery_point" }, "pl_PL"),
    ).toBe("Punkt KRA01M nie wydaje przesyłek odbiorcom; wybierz inny punkt na mapie.");
    const drop = { point: "PL10007", field: "pickup.point", reason: "not_send_point" };
    expect(say(RULE_CODES.point_unavailable, drop)).toBe(
      "Point PL10007 does not take parcels in from senders; choose a point of the same carrier that does.",
    );
    expect(say(RULE_CODES.point_unavailable, drop, "pl_PL")).toBe(
      "Punkt PL10007 nie przyjmuje przesyłek od nadawców; wybierz punkt tego samego przewoźnika, który je przyjmuje.",
    );
    const heavy = { point: "GDA01M", reason: "too_heavy", limit: 25, actual: 30.5 };
    expect(say(RULE_CODES.point_unavailable, heavy)).toBe(
      "Point GDA01M takes parcels up to 25 kg; this one weighs 30.5 kg; choose a point that takes it, or send it another way.",
    );
    expect(say(RULE_CODES.point_unavailable, heavy, "pl_PL")).toBe(
      "Punkt GDA01M przyjmuje paczki do 25 kg, a ta waży 30,5 kg; wybierz punkt, który ją przyjmie, albo wyślij ją inaczej.",
    );
  });

  it("carrier_unknown names a carrier given by name, and keeps the parcel-number wording otherwise", () => {
    expect(say(RULE_CODES.carrier_unknown, { carrier: "fedx", allowed: "inpost, dpd" })).toBe(
      'The carrier "fedx" is not known; use one of: inpost, dpd.',
    );
    expect(
      say(RULE_CODES.carrier_unknown, { carrier: "fedx", allowed: "inpost, dpd" }, "pl_PL"),
    ).toBe("Przewoźnik „fedx” jest nieznany; użyj jednego z: inpost, dpd.");
    expect(say(RULE_CODES.carrier_unknown, {})).toBe(
      "The carrier of this number cannot be recognised; give service (e.g. inpost, dpd, poczta).",
    );
  });

  it("carrier_weight_limit and carrier_length_limit give the limit and the actual value", () => {
    const weight = { carrier: "InPost", limit: 25, actual: 30.5 };
    expect(say(RULE_CODES.carrier_weight_limit, weight)).toBe(
      "InPost takes parcels up to 25 kg; this one weighs 30.5 kg.",
    );
    expect(say(RULE_CODES.carrier_weight_limit, weight, "pl_PL")).toBe(
      "InPost przyjmuje paczki do 25 kg, a ta waży 30,5 kg.",
    );
    const length = { carrier: "DPD", limit: 175, actual: 200 };
    expect(say(RULE_CODES.carrier_length_limit, length)).toBe(
      "DPD takes parcels whose longest side is at most 175 cm; this one has 200 cm.",
    );
    expect(say(RULE_CODES.carrier_length_limit, length, "pl_PL")).toBe(
      "DPD przyjmuje paczki o najdłuższym boku do 175 cm, a ta ma 200 cm.",
    );
  });

  it("package_listed_twice and package_not_found name the package", () => {
    expect(say(RULE_CODES.package_listed_twice, { package_id: 7 })).toBe(
      "Package 7 is listed more than once.",
    );
    expect(say(RULE_CODES.package_listed_twice, { package_id: 7 }, "pl_PL")).toBe(
      "Przesyłka 7 występuje więcej niż raz.",
    );
    expect(say(RULE_CODES.package_not_found, { package_id: 7 })).toBe(
      "There is no package 7 on this account.",
    );
    expect(say(RULE_CODES.package_not_found, { package_id: 7 }, "pl_PL")).toBe(
      "Na tym koncie nie ma przesyłki 7.",
    );
  });

  it("package_not_ordered and package_cancelled say what the command could not do", () => {
    expect(say(RULE_CODES.package_not_ordered, { package_id: 7, action: "cancel" })).toBe(
      "Package 7 is not ordered, so there is nothing to cancel.",
    );
    expect(say(RULE_CODES.package_not_ordered, { package_id: 7, action: "pickup" }, "pl_PL")).toBe(
      "Przesyłka 7 nie jest jeszcze zamówiona; zamów ją przed zamówieniem samego odbioru.",
    );
    expect(say(RULE_CODES.package_not_ordered, { package_id: 7, action: "documents" })).toBe(
      "Package 7 is not ordered, so it has no documents.",
    );
    expect(say(RULE_CODES.package_cancelled, { package_id: 7, action: "order" })).toBe(
      "Package 7 was cancelled and cannot be ordered.",
    );
    expect(say(RULE_CODES.package_cancelled, { package_id: 7, action: "documents" }, "pl_PL")).toBe(
      "Przesyłka 7 została anulowana, więc nie ma dokumentów.",
    );
  });

  it("package_already_ordered, package_already_cancelled and package_not_cancellable", () => {
    expect(say(RULE_CODES.package_already_ordered, { package_id: 7, command: "c-1" })).toBe(
      "Package 7 was already ordered by command c-1; it is not ordered or charged again.",
    );
    expect(
      say(RULE_CODES.package_already_cancelled, { package_id: 7, command: "c-2" }, "pl_PL"),
    ).toBe("Przesyłka 7 została już anulowana poleceniem c-2; nie jest zwracana ponownie.");
    expect(say(RULE_CODES.package_not_cancellable, { package_id: 7 })).toBe(
      "Package 7 has been collected by the courier and can no longer be cancelled.",
    );
    expect(say(RULE_CODES.package_not_cancellable, { package_id: 7 }, "pl_PL")).toBe(
      "Przesyłka 7 została odebrana przez kuriera i nie można jej już anulować.",
    );
  });
});
