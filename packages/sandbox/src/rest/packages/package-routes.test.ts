// Contract tests of the package resources over real HTTP: v1 and v2 shapes,
// validation errors with field paths, the rules core applies (postal
// own-contract rule, express default, renamed flags, digital_label), edits
// until ordered, and the list by user_reference_number.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refusedInBothLanguages } from "../testing/both-languages.ts";
import { RestSandbox, sampleV1, sampleV2, V2_JSON } from "../testing/rest-fixture.ts";

let sandbox: RestSandbox;
beforeAll(async () => {
  sandbox = await RestSandbox.start();
});
afterAll(() => sandbox.close());

async function ownPostalServiceId(): Promise<number> {
  const services = await sandbox.call("GET", "/account/services");
  const own = services.body.services.find(
    (s: { service: string; service_contract: string }) =>
      s.service === "poczta" && s.service_contract === "own",
  );
  return own.id;
}

describe("POST /packages", () => {
  it("creates a v2 package and answers its details, type on every parcel", async () => {
    const res = await sandbox.call("POST", "/packages", { version: 2, body: sampleV2() });
    expect(res.status).toBe(201);
    expect(res.headers.get("location")).toBe(`/packages/${res.body.package_id}`);
    expect(res.body).toMatchObject({
      state: "waiting",
      service: "inpost",
      service_contract: "furgonetka",
      user_reference_number: "ORDER-1001",
      cancel_available: false,
      warnings: [],
    });
    expect(res.body.type).toBeUndefined();
    expect(res.body.parcels[0]).toMatchObject({ type: "package", package_no: null, width: 30 });
    expect(res.body.pricing).toMatchObject({
      price_net: expect.any(Number),
      price_gross: expect.any(Number),
      adjusted_price: null,
    });
    expect(res.body.pricing.access).toBeUndefined();
  });

  it("creates a v1 package: type on the package, none on the parcels", async () => {
    const res = await sandbox.call("POST", "/packages", { version: 1, body: sampleV1() });
    expect(res.status).toBe(201);
    expect(res.body.type).toBe("package");
    expect(res.body.parcels[0].type).toBeUndefined();
    expect(res.body.pricing.adjusted_price).toBeUndefined();
    const v2 = await sandbox.call("GET", `/packages/${res.body.package_id}`, { version: 2 });
    expect(v2.body.parcels[0].type).toBe("package");
    expect(v2.body.type).toBeUndefined();
  });

  it("refuses a v2 shape sent as v1, naming the fields", async () => {
    const res = await sandbox.call("POST", "/packages", { version: 1, body: sampleV2() });
    expect(res.status).toBe(400);
    const paths = res.body.errors.map((e: { path: string }) => e.path);
    expect(paths).toContain("type");
    expect(paths).toContain("parcels[0].type");
  });

  it("answers every invalid field at once, with its path, rule and message", async () => {
    const body = sampleV2({
      receiver: { ...(sampleV2().receiver as object), name: "Anna", phone: "12" },
      parcels: [{ width: 30, depth: 20, height: 10, weight: -1, type: "package" }],
      colour: "red",
    });
    const res = await sandbox.call("POST", "/packages", { version: 2, body });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_failed");
    expect(typeof res.body.message).toBe("string");
    const byPath = Object.fromEntries(
      res.body.errors.map((e: { path: string; rule: string }) => [e.path, e.rule]),
    );
    expect(byPath.colour).toBe("unknown_field");
    expect(Object.keys(byPath)).toEqual(
      expect.arrayContaining(["receiver.name", "receiver.phone", "parcels[0].weight"]),
    );
    for (const e of res.body.errors) expect(e.message.length).toBeGreaterThan(5);
  });

  it("speaks Polish when X-Language asks for it", async () => {
    const body = sampleV2({ receiver: { ...(sampleV2().receiver as object), name: "Anna" } });
    const en = await sandbox.call("POST", "/packages", { version: 2, body });
    const pl = await sandbox.call("POST", "/packages", {
      version: 2,
      body,
      headers: { "X-Language": "pl_PL" },
    });
    expect(pl.status).toBe(400);
    expect(pl.body.errors[0].path).toBe(en.body.errors[0].path);
    expect(pl.body.errors[0].message).not.toBe(en.body.errors[0].message);
    const bad = await sandbox.call("GET", "/account/services", {
      headers: { "X-Language": "de_DE" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("unknown_language");
  });

  it("refuses malformed JSON, an empty body and a non-object body with 400", async () => {
    const malformed = await sandbox.call("POST", "/packages", {
      version: 2,
      raw: '{"service": "inpost",',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe("malformed_json");
    expect(malformed.body.message).toMatch(/not valid JSON/);
    const empty = await sandbox.call("POST", "/packages", { version: 2, raw: "" });
    expect(empty.body.code).toBe("body_required");
    const array = await sandbox.call("POST", "/packages", { version: 2, raw: "[1]" });
    expect(array.body.code).toBe("body_not_object");
  });

  it("normalizes through core: renamed flags, digital_label and whole centimetres", async () => {
    const serviceId = await ownPostalServiceId();
    const body = sampleV2({
      service: undefined,
      service_id: serviceId,
      parcels: [{ width: 30.2, depth: 20, height: 10, weight: 2, type: "package" }],
      additional_services: { poczta_kurier24: true, digital_label: "yes" },
    });
    const res = await sandbox.call("POST", "/packages", { version: 2, body });
    expect(res.status).toBe(201);
    expect(res.body.service).toBe("poczta");
    expect(res.body.service_contract).toBe("own");
    expect(res.body.additional_services).toMatchObject({
      poczta_ekspres24: true,
      digital_label: true,
    });
    expect(res.body.additional_services.poczta_kurier24).toBeUndefined();
    expect(res.body.parcels[0].width).toBe(31);
    const rules = res.body.warnings.map((w: { rule: string }) => w.rule);
    expect(rules).toContain("field_renamed");
    expect(rules).toContain("digital_label_legacy");
  });

  it("warns of the v1.0.109 express default for an own-contract postal package, unless kurier48", async () => {
    const serviceId = await ownPostalServiceId();
    const plain = await sandbox.call("POST", "/packages", {
      version: 2,
      body: sampleV2({ service: undefined, service_id: serviceId }),
    });
    expect(plain.status).toBe(201);
    expect(plain.body.warnings.map((w: { rule: string }) => w.rule)).toContain(
      "postal_express_default",
    );
    const kept = await sandbox.call("POST", "/packages", {
      version: 2,
      body: sampleV2({
        service: undefined,
        service_id: serviceId,
        additional_services: { kurier48: true },
      }),
    });
    expect(kept.body.warnings.map((w: { rule: string }) => w.rule)).not.toContain(
      "postal_express_default",
    );
  });

  it("creates an own-contract postal package without a postal service with the express service (v1.0.109): stored, priced and named so", async () => {
    const serviceId = await ownPostalServiceId();
    const plain = await sandbox.call("POST", "/packages", {
      version: 2,
      headers: { "x-language": "pl_PL" },
      body: sampleV2({ service: undefined, service_id: serviceId }),
    });
    expect(plain.status).toBe(201);
    expect(plain.body.additional_services).toMatchObject({ poczta_ekspres24: true });
    expect(plain.body.additional_services_dictionary).toMatchObject({
      poczta_ekspres24: "Pocztex Ekspres 24",
    });
    const details = await sandbox.call("GET", `/packages/${plain.body.package_id}`, {
      version: 2,
    });
    expect(details.body.additional_services.poczta_ekspres24).toBe(true);
    const express = await sandbox.call("POST", "/packages", {
      version: 2,
      body: sampleV2({
        service: undefined,
        service_id: serviceId,
        additional_services: { poczta_ekspres24: true },
      }),
    });
    expect(express.status).toBe(201);
    expect(details.body.pricing).toEqual(express.body.pricing);
    const kept = await sandbox.call("POST", "/packages", {
      version: 2,
      body: sampleV2({
        service: undefined,
        service_id: serviceId,
        additional_services: { kurier48: true },
      }),
    });
    expect(kept.body.additional_services.poczta_ekspres24).toBeUndefined();
    expect(kept.body.additional_services.kurier48).toBe(true);
  });

  it("refuses the postal own-contract flags (in force by the sandbox clock, which is past 2026-08-24)", async () => {
    const serviceId = await ownPostalServiceId();
    const res = await sandbox.call("POST", "/packages", {
      version: 2,
      body: sampleV2({
        service: undefined,
        service_id: serviceId,
        additional_services: { kurier48: true, rod: true, check_content: true },
      }),
    });
    expect(res.status).toBe(400);
    const forbidden = res.body.errors.filter(
      (e: { rule: string }) => e.rule === "postal_flag_forbidden",
    );
    expect(forbidden.map((e: { path: string }) => e.path).sort()).toEqual([
      "additional_services.check_content",
      "additional_services.rod",
    ]);
    const platform = await sandbox.call("POST", "/packages", {
      version: 2,
      body: sampleV2({
        service: "poczta",
        additional_services: { rod: true, poczta_ekspres24: true },
      }),
    });
    expect(
      platform.body.errors?.some((e: { rule: string }) => e.rule === "postal_flag_forbidden") ??
        false,
    ).toBe(false);
  });

  it("puts a postal package named by carrier on the broker's contract: its flags pass without a contract warning", async () => {
    const body = sampleV2({
      service: "poczta",
      additional_services: { rod: true, check_content: true, poczta_ekspres24: true },
    });
    for (const path of ["/packages/validate", "/packages"]) {
      const res = await sandbox.call("POST", path, { version: 2, body });
      expect(res.status).toBe(path === "/packages" ? 201 : 204);
      const rules = (res.body?.warnings ?? []).map((w: { rule: string }) => w.rule);
      expect(rules).not.toContain("postal_contract_unknown");
      expect(rules).not.toContain("postal_flag_forbidden");
      if (path === "/packages") expect(res.body.service_contract).toBe("furgonetka");
    }
  });

  it("refuses control and bidi override characters in names (core's text_forbidden_character), storing nothing", async () => {
    const receiver = { ...(sampleV2().receiver as Record<string, unknown>) };
    const body = sampleV2({
      receiver: { ...receiver, name: "Anna \u202eNowak" },
      user_reference_number: "BIDI-NAME",
    });
    const res = await sandbox.call("POST", "/packages", {
      version: 2,
      body,
      headers: { "X-Language": "pl_PL" },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      expect.objectContaining({ path: "receiver.name", rule: "text_forbidden_character" }),
    ]);
    const listed = await sandbox.call("GET", "/packages?user_reference_number=BIDI-NAME", {
      version: 2,
    });
    expect(listed.body.packages).toEqual([]);
  });

  it("refuses a service_id that is not the account's", async () => {
    const res = await sandbox.call("POST", "/packages", {
      version: 2,
      body: sampleV2({ service: undefined, service_id: 1 }),
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ path: "service_id", rule: "service_unavailable" });
    const messages = await refusedInBothLanguages(
      sandbox,
      "POST",
      "/packages",
      () => ({ version: 2, body: sampleV2({ service: undefined, service_id: 1 }) }),
      { path: "service_id", rule: "service_unavailable" },
    );
    expect(messages.en_GB).toBe(
      "service_id 1 is not one of your account's services (GET /account/services).",
    );
  });
});

describe("the postal own-contract rule before 2026-08-24", () => {
  it("accepts the flags before the cutover and refuses them once the clock passes it", async () => {
    const early = await RestSandbox.start({ clockStart: "2026-08-23T21:59:00Z" });
    try {
      const services = await early.call("GET", "/account/services");
      const own = services.body.services.find(
        (s: { service_contract: string }) => s.service_contract === "own",
      );
      const body = sampleV2({
        service: undefined,
        service_id: own.id,
        additional_services: { kurier48: true, rod: true },
      });
      const before = await early.call("POST", "/packages", { version: 2, body });
      expect(before.status).toBe(201);
      await early.advance(120);
      const after = await early.call("POST", "/packages", { version: 2, body });
      expect(after.status).toBe(400);
      expect(after.body.errors[0]).toMatchObject({
        path: "additional_services.rod",
        rule: "postal_flag_forbidden",
      });
      const edit = await early.call("PUT", `/packages/${before.body.package_id}`, {
        version: 2,
        body,
      });
      expect(edit.status).toBe(400);
    } finally {
      await early.close();
    }
  });
});

describe("POST /packages/validate", () => {
  it("answers 204 for a clean package, 200 with warnings, 400 with errors, and stores nothing", async () => {
    const before = await sandbox.call("GET", "/packages?user_reference_number=VALIDATE-ONLY", {
      version: 2,
    });
    const clean = await sandbox.call("POST", "/packages/validate", {
      version: 2,
      body: sampleV2({ user_reference_number: "VALIDATE-ONLY" }),
    });
    expect(clean.status).toBe(204);
    expect(clean.bytes.length).toBe(0);
    const serviceId = await ownPostalServiceId();
    const warned = await sandbox.call("POST", "/packages/validate", {
      version: 2,
      body: sampleV2({ service: undefined, service_id: serviceId }),
    });
    expect(warned.status).toBe(200);
    expect(warned.body.warnings[0].rule).toBe("postal_express_default");
    const bad = await sandbox.call("POST", "/packages/validate", { version: 1, body: sampleV2() });
    expect(bad.status).toBe(400);
    const after = await sandbox.call("GET", "/packages?user_reference_number=VALIDATE-ONLY", {
      version: 2,
    });
    expect(after.body.total).toBe(before.body.total);
  });
});

describe("PUT /packages/{id}", () => {
  it("edits a package until it is ordered, then answers 409", async () => {
    const created = await sandbox.call("POST", "/packages", { version: 2, body: sampleV2() });
    const id = created.body.package_id;
    const edited = await sandbox.call("PUT", `/packages/${id}`, {
      version: 2,
      body: sampleV2({ service: "dpd", user_reference_number: "EDITED" }),
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      package_id: id,
      service: "dpd",
      user_reference_number: "EDITED",
    });
    const invalid = await sandbox.call("PUT", `/packages/${id}`, {
      version: 2,
      body: sampleV2({ parcels: [] }),
    });
    expect(invalid.status).toBe(400);
    expect((await sandbox.call("GET", `/packages/${id}`, { version: 2 })).body.service).toBe("dpd");
    const order = await sandbox.call(
      "PUT",
      "/order-commands/7a3c9f1e-0a64-4a53-9d7e-2b8f1c0d5e01",
      { body: { packages: [{ id }] } },
    );
    expect(order.status).toBe(202);
    const locked = await sandbox.call("PUT", `/packages/${id}`, { version: 2, body: sampleV2() });
    expect(locked.status).toBe(409);
    expect(locked.body.code).toBe("package_ordered");
  });

  it("answers 404 for an unknown package and for another company's package", async () => {
    expect(
      (await sandbox.call("PUT", "/packages/999999", { version: 2, body: sampleV2() })).status,
    ).toBe(404);
    const created = await sandbox.call("POST", "/packages", { version: 2, body: sampleV2() });
    const asCompany = await sandbox.call("GET", `/packages/${created.body.package_id}`, {
      headers: { "X-Company-Id": "1001" },
    });
    expect(asCompany.status).toBe(404);
    expect(asCompany.body.code).toBe("package_not_found");
  });
});

describe("GET /packages", () => {
  it("lists the account's packages by user_reference_number, in the asked version", async () => {
    await sandbox.call("POST", "/packages", {
      version: 2,
      body: sampleV2({ user_reference_number: "LIST-7" }),
    });
    await sandbox.call("POST", "/packages", {
      version: 1,
      body: sampleV1({ user_reference_number: "LIST-7" }),
    });
    const v2 = await sandbox.call("GET", "/packages?user_reference_number=LIST-7", { version: 2 });
    expect(v2.status).toBe(200);
    expect(v2.body.total).toBe(2);
    expect(
      v2.body.packages.every(
        (p: { user_reference_number: string }) => p.user_reference_number === "LIST-7",
      ),
    ).toBe(true);
    expect(v2.body.packages[0].parcels[0].type).toBe("package");
    const v1 = await sandbox.call("GET", "/packages?user_reference_number=LIST-7&limit=1&page=2", {
      version: 1,
    });
    expect(v1.body.packages).toHaveLength(1);
    expect(v1.body.packages[0].type).toBe("package");
    const unknown = await sandbox.call("GET", "/packages?colour=red");
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0]).toMatchObject({ path: "colour", rule: "unknown_field" });
  });

  it("checks the query with core's PackageListQuerySchema, in the request's language", async () => {
    for (const [query, path] of [
      ["limit=0", "limit"],
      ["limit=501", "limit"],
      ["limit=1.5", "limit"],
      ["page=abc", "page"],
      ["page=-2", "page"],
      ["user_reference_number=", "user_reference_number"],
    ]) {
      const res = await sandbox.call("GET", `/packages?${query}`, {
        headers: { "X-Language": "pl_PL" },
      });
      expect(res.status, query).toBe(400);
      expect(res.body.code, query).toBe("validation_failed");
      expect(
        res.body.errors.map((e: { path: string }) => e.path),
        query,
      ).toEqual([path]);
    }
    const fine = await sandbox.call("GET", "/packages?limit=500&page=3&state=ordered");
    expect(fine.status).toBe(200);
    expect(fine.body.page).toBe(3);
  });

  it("keeps a company's packages apart from the user's own", async () => {
    await sandbox.call("POST", "/packages", {
      version: 2,
      body: sampleV2({ user_reference_number: "CO-1" }),
      headers: { "X-Company-Id": "1001" },
    });
    const company = await sandbox.call("GET", "/packages?user_reference_number=CO-1", {
      headers: { "X-Company-Id": "1001" },
    });
    const own = await sandbox.call("GET", "/packages?user_reference_number=CO-1");
    expect(company.body.total).toBe(1);
    expect(own.body.total).toBe(0);
  });
});

describe("content types of package bodies", () => {
  it("takes application/json as the Accept version, and a v2 body type without Accept", async () => {
    const json = await sandbox.call("POST", "/packages", {
      version: 2,
      contentType: "application/json",
      body: sampleV2(),
    });
    expect(json.status).toBe(201);
    const bodyPicks = await sandbox.call("POST", "/packages", {
      accept: null,
      contentType: V2_JSON,
      body: sampleV2(),
    });
    expect(bodyPicks.status).toBe(201);
    expect(bodyPicks.body.parcels[0].type).toBe("package");
  });
});
