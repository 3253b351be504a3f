// The names of additional services in package details: both languages, the
// delivery-hour guarantees named after their hour, and unnamed keys by key.
import { describe, expect, it } from "vitest";
import { servicesDictionary } from "./service-names.ts";

describe("servicesDictionary", () => {
  it("names the services a package carries in the request's language", () => {
    const services = { cod: { amount: 10 }, fragile: true, saturday_delivery: false };
    expect(servicesDictionary(services, "en_GB")).toEqual({
      cod: "Cash on delivery",
      fragile: "Fragile",
    });
    expect(servicesDictionary(services, "pl_PL")).toEqual({
      cod: "Pobranie",
      fragile: "Ostrożnie",
    });
  });

  it("names each delivery-hour guarantee after its hour", () => {
    const services = { guarantee_0800: true, guarantee_0930: true, guarantee_1200: true };
    expect(servicesDictionary(services, "en_GB")).toEqual({
      guarantee_0800: "Delivery by 8:00",
      guarantee_0930: "Delivery by 9:30",
      guarantee_1200: "Delivery by 12:00",
    });
    expect(servicesDictionary({ guarantee_0930: true }, "pl_PL")).toEqual({
      guarantee_0930: "Doręczenie do 9:30",
    });
  });

  it("shows a service without a name by its key, and no inherited property as a name", () => {
    expect(servicesDictionary({ food: true, constructor: true }, "en_GB")).toEqual({
      food: "food",
      constructor: "constructor",
    });
  });
});
