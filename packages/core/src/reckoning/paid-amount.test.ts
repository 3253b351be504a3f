// What a package cost: the service's price, or the price the carrier
// adjusted it to (a re-measured parcel) once there is one.
import { describe, expect, it } from "vitest";
import { paidAmount } from "./paid-amount.ts";

describe("paidAmount", () => {
  it("takes the price as the service gives it", () => {
    expect(paidAmount({ price_gross: 19.31, price_net: 15.7, currency: "PLN" })).toEqual({
      gross: 19.31,
      net: 15.7,
      currency: "PLN",
      adjusted: false,
    });
    expect(paidAmount({ price_gross: 19.31, price_net: 15.7, adjusted_price: null })).toMatchObject(
      {
        gross: 19.31,
        adjusted: false,
      },
    );
  });

  it("takes the adjusted price when there is one, its net by the package's tax rate", () => {
    expect(
      paidAmount({
        price_gross: 19.31,
        price_net: 15.7,
        tax: 23,
        adjusted_price: 24.6,
        currency: "PLN",
      }),
    ).toEqual({ gross: 24.6, net: 20, currency: "PLN", adjusted: true });
    // Without a tax rate, the net keeps the price's own ratio.
    expect(paidAmount({ price_gross: 20, price_net: 16, adjusted_price: 25 })).toEqual({
      gross: 25,
      net: 20,
      currency: "PLN",
      adjusted: true,
    });
  });

  it("counts a package without a price as nothing", () => {
    expect(paidAmount(undefined)).toEqual({ gross: 0, net: 0, currency: "PLN", adjusted: false });
  });
});
