// Tests of readLegacyResponse: upgraded answers and warnings in the caller's
// language.
import { describe, expect, it } from "vitest";
import { readLegacyResponse } from "./legacy-response.ts";

describe("readLegacyResponse", () => {
  it("reads a legacy country list, with a warning in the caller's language", () => {
    const result = readLegacyResponse(
      "country_list",
      { countries: ["PL", "DE"] },
      { language: "pl_PL" },
    );
    expect(result.value).toEqual({ countries: ["PL", "DE"], list: ["PL", "DE"] });
    expect(result.warnings).toEqual([
      {
        path: "countries",
        rule: "legacy_field_read",
        message: "Serwis zwrócił przestarzałe pole „countries”; odczytano je jako „list”.",
      },
    ]);
  });

  it("reads messages in the caller's language", () => {
    const body = { messages: [{ content_pl: "Paczka odebrana", content_en: "Parcel collected" }] };
    expect(readLegacyResponse("messages", body, { language: "en_GB" }).value).toEqual({
      messages: [{ ...body.messages[0], content: "Parcel collected" }],
    });
  });

  it("drops services_prices[].access", () => {
    const result = readLegacyResponse("calculate_price", {
      services_prices: [{ service: "dpd", available: true, access: null }],
    });
    expect(result.value).toEqual({ services_prices: [{ service: "dpd", available: true }] });
    expect(result.warnings[0]?.message).toBe(
      'The service answered with the legacy field "access", which no longer exists; it was dropped.',
    );
  });

  it("reads a legacy package", () => {
    const result = readLegacyResponse("package", { package_id: 7, documents_available: false });
    expect(result.value).toEqual({ package_id: 7 });
    expect(result.warnings).toHaveLength(1);
  });

  it("passes current answers through without warnings", () => {
    const body = { list: ["PL"] };
    expect(readLegacyResponse("country_list", body)).toEqual({ value: body, warnings: [] });
  });
});
