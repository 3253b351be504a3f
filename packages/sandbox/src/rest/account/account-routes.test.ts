// The account's resources over real HTTP: services, user data, templates,
// messages and payments.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RestSandbox, sampleV1, sampleV2 } from "../testing/rest-fixture.ts";

let sandbox: RestSandbox;
beforeAll(async () => {
  sandbox = await RestSandbox.start();
});
afterAll(() => sandbox.close());

describe("GET /account/services", () => {
  it("lists every platform carrier and an own-contract postal service, the same each time", async () => {
    const res = await sandbox.call("GET", "/account/services");
    expect(res.status).toBe(200);
    const services = res.body.services as Array<{
      id: number;
      service: string;
      name: string;
      service_contract: string;
    }>;
    const platform = services
      .filter((s) => s.service_contract === "furgonetka")
      .map((s) => s.service);
    expect(platform.sort()).toEqual([
      "dhl",
      "dpd",
      "fedex",
      "gls",
      "inpost",
      "meest",
      "orlen",
      "poczta",
      "ups",
    ]);
    expect(services).toContainEqual(
      expect.objectContaining({ service: "poczta", service_contract: "own" }),
    );
    expect(new Set(services.map((s) => s.id)).size).toBe(services.length);
    expect((await sandbox.call("GET", "/account/services")).body).toEqual(res.body);
  });
});

describe("/account/user-data", () => {
  it("edits the user's data partially, with country_code from the unified list", async () => {
    const put = await sandbox.call("PUT", "/account/user-data", {
      body: { name: "Jan", surname: "Kowalski", country_code: "HR" },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      name: "Jan",
      surname: "Kowalski",
      country_code: "HR",
      email: "demo@shipbridge.dev",
    });
    const get = await sandbox.call("GET", "/account/user-data");
    expect(get.body.country_code).toBe("HR");
    const bad = await sandbox.call("PUT", "/account/user-data", {
      body: { country_code: "US", shoe_size: 44 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path).sort()).toEqual([
      "country_code",
      "shoe_size",
    ]);
    expect((await sandbox.call("GET", "/account/user-data")).body.country_code).toBe("HR");
  });
});

describe("/account/package-templates", () => {
  it("answers v2 with the shipment data in an array, and v1 with one package", async () => {
    const v2 = await sandbox.call("GET", "/account/package-templates", { version: 2 });
    expect(v2.status).toBe(200);
    expect(v2.body.templates.length).toBeGreaterThanOrEqual(2);
    expect(Array.isArray(v2.body.templates[0].packages)).toBe(true);
    expect(v2.body.templates[0].packages[0].parcels[0].type).toBe("package");
    const v1 = await sandbox.call("GET", "/account/package-templates", { version: 1 });
    expect(v1.body.templates[0].package.type).toBe("package");
    expect(v1.body.templates[0].packages).toBeUndefined();
  });

  it("adds a template whose packages core accepts, and refuses others with paths", async () => {
    const created = await sandbox.call("POST", "/account/package-templates", {
      version: 2,
      body: { name: "Mine", packages: [sampleV2()] },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: "Mine",
      packages: [expect.objectContaining({ service: "inpost" })],
    });
    const bad = await sandbox.call("POST", "/account/package-templates", {
      version: 1,
      body: { name: "Bad", package: sampleV1({ parcels: [] }) },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toMatch(/^package\.parcels/);
    expect(
      (await sandbox.call("DELETE", `/account/package-templates/${created.body.id}`)).status,
    ).toBe(204);
    expect(
      (await sandbox.call("DELETE", `/account/package-templates/${created.body.id}`)).status,
    ).toBe(404);
  });
});

describe("GET /messages", () => {
  it("answers v1 with content_pl and content_en, v2 with content in X-Language", async () => {
    const v1 = await sandbox.call("GET", "/messages", { version: 1 });
    expect(v1.status).toBe(200);
    expect(v1.body.messages[0]).toMatchObject({
      content_pl: expect.any(String),
      content_en: expect.any(String),
    });
    expect(v1.body.messages[0].content).toBeUndefined();
    const pl = await sandbox.call("GET", "/messages", {
      version: 2,
      headers: { "X-Language": "pl_PL" },
    });
    const en = await sandbox.call("GET", "/messages", {
      version: 2,
      headers: { "X-Language": "en_GB" },
    });
    expect(pl.body.messages[0].content_pl).toBeUndefined();
    expect(pl.body.messages.map((m: { content: string }) => m.content)).toEqual(
      v1.body.messages.map((m: { content_pl: string }) => m.content_pl),
    );
    expect(en.body.messages.map((m: { content: string }) => m.content)).toEqual(
      v1.body.messages.map((m: { content_en: string }) => m.content_en),
    );
  });

  it("answers the new version when X-Language is sent and Accept names no version (section 9.3)", async () => {
    for (const accept of [null, "application/json", "*/*"]) {
      const pl = await sandbox.call("GET", "/messages", {
        accept,
        headers: { "X-Language": "pl_PL" },
      });
      expect(pl.status).toBe(200);
      expect(pl.headers.get("content-type")).toContain("application/vnd.furgonetka.v2+json");
      expect(pl.body.messages[0].content).toEqual(expect.any(String));
      expect(pl.body.messages[0].content_pl).toBeUndefined();
    }
    const named = await sandbox.call("GET", "/messages", {
      version: 1,
      headers: { "X-Language": "pl_PL" },
    });
    expect(named.body.messages[0].content_pl).toEqual(expect.any(String));
    const none = await sandbox.call("GET", "/messages", { accept: null });
    expect(none.body.messages[0].content_en).toEqual(expect.any(String));
  });

  it("filters by type and read state, and marks a message read", async () => {
    const notices = await sandbox.call("GET", "/messages?type=notice", { version: 2 });
    expect(notices.body.messages.length).toBe(1);
    const id = notices.body.messages[0].id;
    expect((await sandbox.call("POST", `/messages/${id}/read`)).status).toBe(204);
    const read = await sandbox.call("GET", "/messages?read=true", { version: 2 });
    expect(read.body.messages.map((m: { id: number }) => m.id)).toEqual([id]);
    const bad = await sandbox.call("GET", "/messages?type=spam&date_from=yesterday", {
      version: 2,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path).sort()).toEqual([
      "date_from",
      "type",
    ]);
    const unread = await sandbox.call("GET", "/messages?read=false", { version: 2 });
    expect(unread.body.messages.map((m: { id: number }) => m.id)).not.toContain(id);
    expect(unread.body.messages.length).toBeGreaterThan(0);
    const notBoolean = await sandbox.call("GET", "/messages?read=yes", { version: 2 });
    expect(notBoolean.status).toBe(400);
    expect(notBoolean.body.errors[0].path).toBe("read");
  });

  it("refuses a date range that ends before it starts (core's date_range_invalid)", async () => {
    const res = await sandbox.call("GET", "/messages?date_from=2026-11-20&date_to=2026-11-19", {
      version: 2,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      expect.objectContaining({ path: "date_to", rule: "date_range_invalid" }),
    ]);
  });
});

describe("/payments", () => {
  it("creates a payment, completes it through payment_url and reports it paid", async () => {
    const created = await sandbox.call("POST", "/payments", {
      body: { amount: 150.5, return_url: "https://shop.example/paid" },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: expect.any(Number),
      amount: 150.5,
      currency: "PLN",
      status: "pending",
    });
    const gateway = await fetch(created.body.payment_url, { redirect: "manual" });
    expect(gateway.status).toBe(303);
    expect(gateway.headers.get("location")).toBe(
      `https://shop.example/paid?payment_id=${created.body.id}&status=paid`,
    );
    const paid = await sandbox.call("GET", `/payments/${created.body.id}`);
    expect(paid.body.status).toBe("paid");
  });

  it("refuses amounts that are not positive złoty and other currencies", async () => {
    const res = await sandbox.call("POST", "/payments", {
      body: { amount: 10.123, currency: "EUR" },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      expect.objectContaining({ path: "amount", rule: "amount_whole_grosze" }),
      expect.objectContaining({ path: "currency", rule: "currency_not_supported" }),
    ]);
    expect(
      (await sandbox.call("POST", "/payments", { body: { amount: -5 } })).body.errors[0].path,
    ).toBe("amount");
    const ftp = await sandbox.call("POST", "/payments", {
      body: { amount: 5, return_url: "ftp://shop.example/paid" },
    });
    expect(ftp.status).toBe(400);
    expect(ftp.body.errors[0].path).toBe("return_url");
  });

  it("takes every amount in whole grosze, whatever its floating-point form", async () => {
    for (const amount of [19.99, 0.29, 1.15, 4.35, 0.07, 100_000]) {
      const res = await sandbox.call("POST", "/payments", { body: { amount } });
      expect(res.status, String(amount)).toBe(201);
      expect(res.body.amount).toBe(amount);
    }
    const tooMuch = await sandbox.call("POST", "/payments", { body: { amount: 100_000.01 } });
    expect(tooMuch.body.errors[0]).toMatchObject({ path: "amount", rule: "too_big" });
  });
});

describe("/account/address-book", () => {
  const address = {
    name: "Anna Nowak",
    street: "Floriańska 5",
    postcode: "31-019",
    city: "Kraków",
    country_code: "PL",
    phone: "500200300",
  };

  it("saves, lists by type and deletes addresses", async () => {
    const receiver = await sandbox.call("POST", "/account/address-book", {
      body: { type: "receiver", label: "Anna", address: { ...address, point: "KRA01M" } },
    });
    expect(receiver.status).toBe(201);
    expect(receiver.body).toMatchObject({
      type: "receiver",
      label: "Anna",
      address: { point: "KRA01M" },
    });
    await sandbox.call("POST", "/account/address-book", { body: { type: "sender", address } });
    const receivers = await sandbox.call("GET", "/account/address-book?type=receiver");
    expect(receivers.body.addresses.map((a: { id: number }) => a.id)).toEqual([receiver.body.id]);
    expect((await sandbox.call("GET", "/account/address-book")).body.addresses).toHaveLength(2);
    expect((await sandbox.call("DELETE", `/account/address-book/${receiver.body.id}`)).status).toBe(
      204,
    );
    expect((await sandbox.call("DELETE", `/account/address-book/${receiver.body.id}`)).status).toBe(
      404,
    );
  });

  it("refuses an address without its required fields, and a point on a sender", async () => {
    const res = await sandbox.call("POST", "/account/address-book", {
      body: { type: "sender", address: { name: "X", point: "KRA01M" } },
    });
    expect(res.status).toBe(400);
    const paths = res.body.errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(["address.street", "address.point"]));
  });
});
