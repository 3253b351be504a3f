// Which rates a checkout's destination fits, by core's address rules.
import { describe, expect, it } from "vitest";
import { destinationFit } from "./destination-fit.ts";

const HOME = {
  country: "PL",
  postal_code: "80-831",
  city: "Gdańsk",
  address1: "ul. Długa 5",
  address2: null,
  province: null,
};

describe("destinationFit", () => {
  it("fits couriers and points for an address a courier can find", () => {
    expect(destinationFit(HOME, "pl_PL")).toMatchObject({ courier: true, point: true });
    // The common typing of a Polish postcode is normalised, not refused, and the
    // written form is what the quote and the points search are sent.
    expect(destinationFit({ ...HOME, postal_code: "80831" }, "pl_PL")).toEqual({
      courier: true,
      point: true,
      postcode: "80-831",
    });
  });

  it("fits points only when the street has no house number", () => {
    expect(destinationFit({ ...HOME, address1: "ul. Długa" }, "en_GB")).toMatchObject({
      courier: false,
      point: true,
    });
    // A number given on the second line counts, as toPackage joins the lines.
    expect(
      destinationFit({ ...HOME, address1: "ul. Długa", address2: "5/3" }, "en_GB"),
    ).toMatchObject({
      courier: true,
      point: true,
    });
  });

  it("fits nothing for a postcode not of the country's form", () => {
    for (const postal_code of ["ABC", "1234", "80-8311"]) {
      expect(destinationFit({ ...HOME, postal_code }, "en_GB")).toMatchObject({
        courier: false,
        point: false,
      });
    }
  });

  it("holds a cart estimate without a street to the postcode rule only", () => {
    expect(destinationFit({ ...HOME, address1: null, city: null }, "en_GB")).toMatchObject({
      courier: true,
      point: true,
    });
  });

  it("does not refuse a destination without a postcode (Hong Kong, Ireland's optional Eircode)", () => {
    const hongKong = {
      ...HOME,
      country: "HK",
      postal_code: null,
      city: "Hong Kong",
      address1: "Queen's Road 5",
    };
    expect(destinationFit(hongKong, "en_GB")).toMatchObject({ courier: true, point: true });
    const dublin = {
      ...HOME,
      country: "IE",
      postal_code: "",
      city: "Dublin",
      address1: "Main Street 5",
    };
    expect(destinationFit(dublin, "en_GB")).toMatchObject({ courier: true, point: true });
    // A postcode given is still held to its country's form.
    expect(destinationFit({ ...HOME, postal_code: "ABC" }, "en_GB")).toMatchObject({
      courier: false,
      point: false,
    });
  });
});
