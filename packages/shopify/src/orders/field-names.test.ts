// Problems name their fields as people read them, in Polish and English.
import { describe, expect, it } from "vitest";
import { fieldName } from "./field-names.ts";

describe("fieldName", () => {
  it("names an address field in each language", () => {
    expect(fieldName("order.shipping_address.postcode", "en_GB")).toBe(
      "Shipping address › postcode",
    );
    expect(fieldName("order.shipping_address.postcode", "pl_PL")).toBe(
      "Adres dostawy › kod pocztowy",
    );
  });

  it("counts items and parcels from one", () => {
    expect(fieldName("order.items[1].weight", "en_GB")).toBe("Item 2 › weight");
    expect(fieldName("parcels[0].height", "pl_PL")).toBe("Paczka 1 › wysokość");
  });

  it("names the app's own paths, and the order alone", () => {
    expect(fieldName("settings.sender", "en_GB")).toBe("App settings › sender");
    expect(fieldName("order", "pl_PL")).toBe("Zamówienie");
    expect(fieldName("order.pickup_point.code", "pl_PL")).toBe("Punkt odbioru › kod");
  });

  it("keeps a part it has no name for as it is", () => {
    expect(fieldName("order.mystery_field", "en_GB")).toBe("Mystery_field");
  });
});
