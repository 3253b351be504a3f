// Malformed and hostile input never crashes the REST API: every endpoint
// answers such requests with a 4xx and a JSON error body, and nothing is
// half-written.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RestSandbox } from "./testing/rest-fixture.ts";

let sandbox: RestSandbox;
beforeAll(async () => {
  sandbox = await RestSandbox.start();
});
afterAll(() => sandbox.close());

const BODY_ENDPOINTS: Array<[string, string, 1 | 2]> = [
  ["POST", "/packages", 2],
  ["POST", "/packages", 1],
  ["PUT", "/packages/1", 2],
  ["POST", "/packages/validate", 2],
  ["POST", "/packages/calculate-price", 2],
  ["POST", "/packages/calculate-price", 1],
  ["PUT", `/order-commands/${randomUUID()}`, 1],
  ["PUT", `/cancel-command/${randomUUID()}`, 1],
  ["POST", "/packages/pickup-date-proposals", 1],
  ["PUT", `/pickup-commands/${randomUUID()}`, 1],
  ["PUT", `/documents-command/${randomUUID()}`, 1],
  ["POST", "/packages/add-to-tracking", 1],
  ["POST", "/points/map", 1],
  ["PUT", "/account/user-data", 1],
  ["PUT", "/account/tracking-webhook", 1],
  ["POST", "/account/address-book", 1],
  ["POST", "/account/package-templates", 2],
  ["POST", "/account/package-templates", 1],
  ["POST", "/payments", 1],
];

const HOSTILE: unknown[] = [
  null,
  [],
  "text",
  42,
  {},
  { packages: "all" },
  { packages: [{ id: "1; DROP TABLE rest_packages" }] },
  { package: { parcels: [{ weight: "heavy" }] }, services: { service: "inpost" } },
  { location: { coordinates: { latitude: 999, longitude: "x" } }, filters: { services: [1] } },
  {
    parcels: [
      { width: 1e308, depth: -0, height: Number.MAX_SAFE_INTEGER, weight: 1e-300, type: "package" },
    ],
  },
  { a: { b: { c: { d: { e: { f: { g: { h: { i: { j: {} } } } } } } } } } },
];

const PROTOTYPE_POLLUTION =
  '{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}';

describe("hostile bodies", () => {
  it("are answered with 4xx JSON errors on every endpoint (only {} is a valid partial user-data edit), never 5xx", async () => {
    for (const [method, path, version] of BODY_ENDPOINTS) {
      for (const raw of [...HOSTILE.map((b) => JSON.stringify(b)), PROTOTYPE_POLLUTION]) {
        const res = await sandbox.call(method, path, { version, raw });
        const what = `${method} ${path} v${version} ${raw}`;
        expect(res.status, what).toBeLessThan(500);
        if (res.status >= 400) expect(typeof res.body.message, what).toBe("string");
        else expect(raw, what).toBe("{}");
      }
      const broken = await sandbox.call(method, path, { version, raw: '{"a": [1, 2' });
      // PUT /packages/1 looks the package up first: there is none on this account.
      expect(broken.status).toBe(path === "/packages/1" ? 404 : 400);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const list = await sandbox.call("GET", "/packages", { version: 2 });
    expect(list.body.total).toBe(0);
  });

  it("answers odd query strings and path parameters with 4xx", async () => {
    for (const path of [
      "/packages?limit=-1",
      "/packages?page=abc",
      "/packages/0",
      "/packages/99999999999999999999",
      "/packages/1/label?label[page_format]=%00",
      "/order-commands/%E2%80%8B",
      "/cities?query=" + "a".repeat(5000),
      "/address-autocomplete?regions=mars&query=x",
      "/messages?limit=100000",
    ]) {
      const res = await sandbox.call("GET", path, {
        accept: path.includes("label") ? "application/pdf" : undefined,
      });
      expect(res.status, path).toBeLessThan(500);
    }
  });
});
