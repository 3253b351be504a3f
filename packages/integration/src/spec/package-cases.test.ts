// Runs the shipment rows of the spec table against core's validatePackage and
// against the sandbox over HTTP (validate, create and edit), each on its own,
// so that a rule core gets wrong cannot pass because the sandbox shares it.
import { checkAddress, toPackage, validatePackage } from "@shipbridge/core";
import { SENDER, sampleOrder } from "@shipbridge/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packageV1, packageV2 } from "../testing/packages.ts";
import {
  AFTER_POSTAL_RULE,
  BEFORE_POSTAL_RULE,
  type Operation,
  PACKAGE_CASES,
  type PackageCase,
} from "./package-cases.ts";
import { type HttpAnswer, SpecSandbox } from "./spec-sandbox.ts";

interface AccountService {
  readonly id: number;
  readonly service: string;
  readonly service_contract: string;
}

/** The shipment a row sends: the demo package, its carrier, `type` where the row puts it, its services. */
function shipmentOf(row: PackageCase, ownPostalServiceId: number): Record<string, unknown> {
  const pkg: Record<string, unknown> = structuredClone(
    row.version === 1 ? packageV1() : packageV2(),
  ) as unknown as Record<string, unknown>;
  const parcels = pkg["parcels"] as Record<string, unknown>[];
  const typeOn = row.typeOn ?? (row.version === 1 ? "package" : "parcels");
  delete pkg["type"];
  for (const parcel of parcels) delete parcel["type"];
  if (typeOn === "package") pkg["type"] = "package";
  else for (const parcel of parcels) parcel["type"] = "package";
  if (row.carrier === "postal") pkg["service"] = "poczta";
  if (row.carrier === "own_postal") {
    delete pkg["service"];
    pkg["service_id"] = ownPostalServiceId;
  }
  if (row.additionalServices !== undefined)
    pkg["additional_services"] = { ...row.additionalServices };
  for (const [role, fields] of Object.entries(row.addresses ?? {})) {
    const base = (pkg[role] ?? pkg["pickup"]) as Record<string, unknown>;
    pkg[role] = { ...base, ...fields };
  }
  return pkg;
}

/** Each named service as expected: equal, or absent where the row says undefined. */
function expectServices(actual: unknown, expected: Readonly<Record<string, unknown>>): void {
  const services = (actual ?? {}) as Record<string, unknown>;
  for (const [name, value] of Object.entries(expected)) {
    if (value === undefined) expect(services, name).not.toHaveProperty(name);
    else expect(services[name], name).toEqual(value);
  }
}

function label(row: PackageCase): string {
  return `§${row.section} v${row.version} ${row.title}`;
}

let before: SpecSandbox;
let after: SpecSandbox;
let accountServices: AccountService[];
let ownPostal: number;

beforeAll(async () => {
  [before, after] = await Promise.all([
    SpecSandbox.start(BEFORE_POSTAL_RULE),
    SpecSandbox.start(AFTER_POSTAL_RULE),
  ]);
  const services = await after.call("GET", "/account/services");
  accountServices = services.body.services;
  const own = accountServices.find((s) => s.service === "poczta" && s.service_contract === "own");
  if (own === undefined) throw new Error("the demo account has no own postal contract");
  ownPostal = own.id;
});

afterAll(async () => {
  await Promise.all([before?.close(), after?.close()]);
});

describe("spec table: shipments, against core's validatePackage", () => {
  for (const row of PACKAGE_CASES) {
    it(label(row), () => {
      const at = new Date(row.at === "before" ? BEFORE_POSTAL_RULE : AFTER_POSTAL_RULE);
      const result = validatePackage(shipmentOf(row, ownPostal), {
        version: row.version,
        clock: () => at,
        accountServices,
      });
      if ("refused" in row.expect && row.pointData) {
        // Only the service knows its points: core accepts the shipment.
        expect(result.ok ? [] : result.error.issues).toEqual([]);
      } else if ("refused" in row.expect) {
        expect(result.ok).toBe(false);
        if (result.ok) return;
        expect(result.error.issues).toContainEqual(expect.objectContaining(row.expect.refused));
      } else {
        expect(result.ok ? [] : result.error.issues).toEqual([]);
        if (!result.ok) return;
        if (row.expect.services !== undefined)
          expectServices(result.value.additional_services, row.expect.services);
      }
    });
  }
});

/** What the service answers an accepted shipment with. */
const ACCEPTED_STATUS: Record<Operation, readonly number[]> = {
  validate: [200, 204],
  create: [201],
  update: [200],
};

async function send(
  sandbox: SpecSandbox,
  operation: Operation,
  row: PackageCase,
  body: Record<string, unknown>,
): Promise<HttpAnswer> {
  if (operation === "validate")
    return sandbox.call("POST", "/packages/validate", { version: row.version, body });
  if (operation === "create")
    return sandbox.call("POST", "/packages", { version: row.version, body });
  const base = await sandbox.call("POST", "/packages", {
    version: row.version,
    body: row.version === 1 ? packageV1() : packageV2(),
  });
  expect(base.status).toBe(201);
  return sandbox.call("PUT", `/packages/${base.body.package_id}`, { version: row.version, body });
}

describe("spec table: shipments, against the sandbox over HTTP", () => {
  for (const row of PACKAGE_CASES) {
    for (const operation of row.operations ?? (["validate", "create", "update"] as const)) {
      const name = `${label(row)} (${operation})`;
      it(name, async () => {
        const sandbox = row.at === "before" ? before : after;
        const answer = await send(sandbox, operation, row, shipmentOf(row, ownPostal));
        if ("refused" in row.expect) {
          expect(answer.status).toBe(400);
          expect(answer.body.errors).toContainEqual(expect.objectContaining(row.expect.refused));
          return;
        }
        expect(answer.body?.errors ?? []).toEqual([]);
        expect(ACCEPTED_STATUS[operation]).toContain(answer.status);
        if (operation === "validate") return;
        const stored = answer.body.additional_services;
        if (row.expect.services !== undefined) expectServices(stored, row.expect.services);
        if (row.expect.created !== undefined) expectServices(stored, row.expect.created);
      });
    }
  }
});

describe("spec table: the postal rule as the sandbox clock passes 2026-08-24 (7.2)", () => {
  it("§7.2 a shipment added with rod before the date cannot be edited or added with it after", async () => {
    const sandbox = await SpecSandbox.start("2026-08-23T06:00:00Z");
    try {
      const row: PackageCase = {
        section: "7.2",
        title: "rod",
        version: 2,
        carrier: "own_postal",
        additionalServices: { kurier48: true, rod: true },
        expect: { accepted: true },
      };
      const body = shipmentOf(row, ownPostal);
      const added = await sandbox.call("POST", "/packages", { version: 2, body });
      expect(added.status).toBe(201);
      await sandbox.advance(2 * 24 * 3600);
      const refusal = { rule: "postal_flag_forbidden", path: "additional_services.rod" };
      const edited = await sandbox.call("PUT", `/packages/${added.body.package_id}`, {
        version: 2,
        body,
      });
      expect(edited.status).toBe(400);
      expect(edited.body.errors).toContainEqual(expect.objectContaining(refusal));
      const again = await sandbox.call("POST", "/packages", { version: 2, body });
      expect(again.status).toBe(400);
      expect(again.body.errors).toContainEqual(expect.objectContaining(refusal));
    } finally {
      await sandbox.close();
    }
  });
});

describe("spec table: a shipment as the sandbox answers it (2.3)", () => {
  it("§2.3 documents_available is gone, PricingOutV2 has adjusted_price, service names the carrier", async () => {
    const created = await after.call("POST", "/packages", { version: 2, body: packageV2() });
    expect(created.status).toBe(201);
    const details = await after.call("GET", `/packages/${created.body.package_id}`, {
      version: 2,
    });
    expect(details.status).toBe(200);
    expect(details.body).not.toHaveProperty("documents_available");
    expect(details.body.pricing).toHaveProperty("adjusted_price");
    expect(details.body.service).toBe(packageV2().service);
  });
});

describe("spec table: one shipment read in both versions (9.2)", () => {
  it("§9.2 a shipment added in v1 reads with type on the shipment in v1, on each parcel in v2", async () => {
    const created = await after.call("POST", "/packages", { version: 1, body: packageV1() });
    expect(created.status).toBe(201);
    const path = `/packages/${created.body.package_id}`;
    const v1 = await after.call("GET", path, { version: 1 });
    expect(v1.body.type).toBe("package");
    expect(v1.body.parcels[0]).not.toHaveProperty("type");
    const v2 = await after.call("GET", path, { version: 2 });
    expect(v2.body).not.toHaveProperty("type");
    expect(v2.body.parcels[0].type).toBe("package");
  });
});

describe("spec table: a store's address as the mapping sends it (2.3 gap)", () => {
  const typed = { ...sampleOrder().shipping_address, postcode: "80831" };

  it("a Polish postcode typed 80831 is sent as 80-831, and the sandbox accepts it", async () => {
    const { package: pkg, warnings } = toPackage(sampleOrder({ shipping_address: typed }), {
      sender: SENDER,
    });
    expect(pkg.receiver.postcode).toBe("80-831");
    expect(warnings.map(({ path, rule }) => ({ path, rule }))).toContainEqual({
      path: "order.shipping_address.postcode",
      rule: "postcode_normalized",
    });
    const created = await after.call("POST", "/packages", { version: 2, body: pkg });
    expect(created.status).toBe(201);
    expect(created.body.receiver.postcode).toBe("80-831");
  });

  it("checkAddress at checkout gives the address the sandbox then accepts", async () => {
    const checked = checkAddress(typed, { delivery: "courier" });
    if (!checked.ok) throw new Error(checked.error.message);
    const body = {
      ...packageV2(),
      receiver: { ...packageV2().receiver, postcode: checked.value.postcode },
    };
    const created = await after.call("POST", "/packages", { version: 2, body });
    expect(created.status).toBe(201);
  });
});
