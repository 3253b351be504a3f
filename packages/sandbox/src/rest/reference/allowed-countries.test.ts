// The sandbox's country list over real HTTP: the list it serves is the one its
// validation checks against, and since the sandbox is the service, a country
// outside it is refused with country_not_supported (never only warned about),
// for packages, price quotes and edit-user-data alike.

import { BUILT_IN_COUNTRIES } from "@shipbridge/core/rules";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RestSandbox, sampleV1, sampleV2 } from "../testing/rest-fixture.ts";
import { ALLOWED_COUNTRIES } from "./allowed-countries.ts";

let sandbox: RestSandbox;
beforeAll(async () => {
  sandbox = await RestSandbox.start();
});
afterAll(() => sandbox.close());

interface Entry {
  readonly path: string;
  readonly rule?: string;
  readonly message: string;
}

function countryErrors(body: { errors?: Entry[] }): Entry[] {
  return (body.errors ?? []).filter((entry) => entry.path.endsWith("country_code"));
}

function receiverIn(country: string, postcode?: string): Record<string, unknown> {
  const base = sampleV2();
  const receiver = { ...(base["receiver"] as object), country_code: country };
  return { ...base, receiver: postcode === undefined ? receiver : { ...receiver, postcode } };
}

describe("ALLOWED_COUNTRIES", () => {
  it("is authoritative, with core's unified list", () => {
    expect(ALLOWED_COUNTRIES.authoritative).toBe(true);
    expect(ALLOWED_COUNTRIES.list()).toEqual(BUILT_IN_COUNTRIES.list());
  });

  it("is the list GET /configuration/allowed-countries serves", async () => {
    const res = await sandbox.call("GET", "/configuration/allowed-countries");
    expect(res.body.list).toEqual([...ALLOWED_COUNTRIES.list()]);
  });
});

describe("a country outside the list", () => {
  it.each(["GB", "CY", "UA", "US"])("refuses a package to %s with a 400", async (country) => {
    const res = await sandbox.call("POST", "/packages", { version: 2, body: receiverIn(country) });
    expect(res.status).toBe(400);
    expect(countryErrors(res.body)).toEqual([
      {
        path: "receiver.country_code",
        rule: "country_not_supported",
        message: `The service does not accept the country ${country}.`,
      },
    ]);
  });

  it("refuses a v1 package as well, in Polish when asked", async () => {
    const base = sampleV1();
    const body = { ...base, receiver: { ...(base["receiver"] as object), country_code: "GB" } };
    const res = await sandbox.call("POST", "/packages", {
      version: 1,
      body,
      headers: { "X-Language": "pl_PL" },
    });
    expect(res.status).toBe(400);
    expect(countryErrors(res.body).map((entry) => entry.message)).toEqual([
      "Serwis nie obsługuje kraju GB.",
    ]);
  });

  it("refuses a price quote", async () => {
    const res = await sandbox.call("POST", "/packages/calculate-price", {
      version: 2,
      body: {
        package: {
          pickup: { postcode: "00-590", country_code: "PL" },
          receiver: { postcode: "SW1A 1AA", country_code: "GB" },
          parcels: [{ width: 30, depth: 20, height: 10, weight: 2, type: "package" }],
        },
        services: { service: ["inpost"] },
      },
    });
    expect(res.status).toBe(400);
    expect(countryErrors(res.body).map(({ path, rule }) => ({ path, rule }))).toEqual([
      { path: "package.receiver.country_code", rule: "country_not_supported" },
    ]);
  });

  it("refuses edit-user-data", async () => {
    const res = await sandbox.call("PUT", "/account/user-data", { body: { country_code: "UA" } });
    expect(res.status).toBe(400);
    expect(countryErrors(res.body).map(({ path, rule }) => ({ path, rule }))).toEqual([
      { path: "country_code", rule: "country_not_supported" },
    ]);
  });

  it("still accepts a country on the list, one added in v1.0.112 included", async () => {
    const res = await sandbox.call("POST", "/packages", {
      version: 2,
      body: receiverIn("NO", "0150"),
    });
    expect(res.status).toBe(201);
    expect(res.body.receiver.country_code).toBe("NO");
  });
});
