// Tests of resolving a package's carrier and contract kind.
import { describe, expect, it } from "vitest";
import { resolveShipmentContract } from "./shipment-contract.ts";

const accountServices = [
  { id: 11, service: "poczta", name: "Pocztex (own)", service_contract: "own" },
  { id: 12, service: "poczta", name: "Pocztex", service_contract: "furgonetka" },
  { id: 13, service: "ruch", name: "Paczka w Ruchu", service_contract: "furgonetka" },
];

describe("resolveShipmentContract", () => {
  it("takes the carrier from service", () => {
    expect(resolveShipmentContract({ service: "dpd" }, {})).toEqual({
      carrier: "dpd",
      contract: undefined,
    });
  });

  it("resolves service_id through the account services", () => {
    expect(resolveShipmentContract({ service_id: 11 }, { accountServices })).toEqual({
      carrier: "poczta",
      contract: "own",
    });
    expect(resolveShipmentContract({ service_id: 12 }, { accountServices })).toEqual({
      carrier: "poczta",
      contract: "furgonetka",
    });
  });

  it("prefers the explicit contract option", () => {
    expect(
      resolveShipmentContract({ service_id: 12 }, { accountServices, contract: "own" }).contract,
    ).toBe("own");
    expect(resolveShipmentContract({ service: "poczta" }, { contract: "own" })).toEqual({
      carrier: "poczta",
      contract: "own",
    });
  });

  it("uses current carrier names", () => {
    expect(resolveShipmentContract({ service: "ruch" }, {}).carrier).toBe("orlen");
    expect(resolveShipmentContract({ service_id: 13 }, { accountServices }).carrier).toBe("orlen");
  });

  it("cannot tell without a match", () => {
    expect(resolveShipmentContract({ service_id: 99 }, { accountServices })).toEqual({
      carrier: undefined,
      contract: undefined,
    });
    expect(resolveShipmentContract({ service_id: 11 }, {})).toEqual({
      carrier: undefined,
      contract: undefined,
    });
    expect(resolveShipmentContract(undefined, {})).toEqual({
      carrier: undefined,
      contract: undefined,
    });
  });

  it("takes the contract of a carrier named by service when the account has one kind for it", () => {
    const ownOnly = [
      { id: 21, service: "poczta", service_contract: "own" },
      { id: 22, service: "dpd", service_contract: "furgonetka" },
    ];
    expect(resolveShipmentContract({ service: "poczta" }, { accountServices: ownOnly })).toEqual({
      carrier: "poczta",
      contract: "own",
    });
    expect(resolveShipmentContract({ service: "dpd" }, { accountServices: ownOnly })).toEqual({
      carrier: "dpd",
      contract: "furgonetka",
    });
    const renamed = [{ id: 23, service: "ruch", service_contract: "furgonetka" }];
    expect(
      resolveShipmentContract({ service: "orlen" }, { accountServices: renamed }).contract,
    ).toBe("furgonetka");
  });

  it("cannot tell the contract of a carrier named by service when the account has both kinds", () => {
    expect(resolveShipmentContract({ service: "poczta" }, { accountServices })).toEqual({
      carrier: "poczta",
      contract: undefined,
    });
    expect(
      resolveShipmentContract({ service: "inpost" }, { accountServices }).contract,
    ).toBeUndefined();
  });

  it("ignores contract kinds it does not know", () => {
    const odd = [{ id: 1, service: "dpd", service_contract: "partner" }];
    expect(resolveShipmentContract({ service_id: 1 }, { accountServices: odd })).toEqual({
      carrier: "dpd",
      contract: undefined,
    });
  });
});
