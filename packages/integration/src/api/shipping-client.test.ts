// ShippingClient against the sandbox over real HTTP: every namespace, both
// API versions, the headers, the error classes by status, and local
// validation that rejects before anything is sent.
import { inspect } from "node:util";
import {
  API_USAGE_ERROR_CODES,
  type ApiError,
  ApiUsageError,
  AuthenticationError,
  ConflictError,
  isApiUsageError,
  isValidationApiError,
  NotFoundError,
  PermissionError,
  ShippingClient,
  staticToken,
  ValidationApiError,
} from "@shipbridge/core";
import { beforeAll, describe, expect, it } from "vitest";
import { packageV1, packageV2 } from "../testing/packages.ts";
import { countingFetch, DEMO } from "../testing/sandbox-server.ts";
import { useSandbox } from "../testing/shared-sandbox.ts";

const sandbox = useSandbox();
let client: ShippingClient;

beforeAll(() => {
  client = sandbox.client({ validateResponses: true });
});

describe("packages", () => {
  it("creates, reads, edits, lists and validates a v2 package", async () => {
    const created = await client.packages.create(packageV2("order-v2-1"));
    expect(created.reconciled).toBe(false);
    const id = created.package.package_id;
    expect(id).toBeGreaterThan(0);
    expect(created.package.parcels?.[0]).toBeDefined();

    const read = await client.packages.get(id);
    expect(read.package_id).toBe(id);
    expect(read.user_reference_number).toBe("order-v2-1");

    const edited = await client.packages.update(id, {
      ...packageV2("order-v2-1"),
      service: "inpost",
    });
    expect(edited.package.service).toBe("inpost");

    const list = await client.packages.list({ user_reference_number: "order-v2-1" });
    expect(list.packages.map((p) => p.package_id)).toEqual([id]);

    const verdict = await client.packages.validate(packageV2());
    expect(verdict).toMatchObject({ valid: true, issues: [] });
  });

  it("speaks v1 per call: type on the package", async () => {
    const created = await client.packages.create(packageV1("order-v1-1"), { version: 1 });
    const read = await client.packages.get(created.package.package_id, { version: 1 });
    expect(read.type).toBe("package");
    const verdict = await client.packages.validate(packageV1(), { version: 1 });
    expect(verdict.valid).toBe(true);
  });

  it("returns the warnings of local validation next to the result", async () => {
    const fractional = packageV2("order-warn-1");
    fractional.parcels[0]!.width = 20.2;
    const created = await client.packages.create(fractional);
    expect(created.warnings.length).toBeGreaterThan(0);
    expect(created.warnings[0]?.path).toMatch(/^parcels\[0\]\./);
  });

  it("tracks a package and adds a foreign one to tracking", async () => {
    const created = await client.packages.create(packageV2("order-track-1"));
    const v2 = await client.packages.tracking(created.package.package_id);
    expect(Array.isArray(v2)).toBe(true);
    const v1 = await client.packages.tracking(created.package.package_id, { version: 1 });
    expect(Array.isArray(v1.tracking)).toBe(true);
    const added = await client.packages.addToTracking({
      package_no: "0000123456789",
      service: "dpd",
    });
    // Since v1.0.53 the service answers with the carrier and the type.
    expect(added).toMatchObject({ service: "dpd", package_no: "0000123456789" });
    expect(added.type).toEqual(expect.any(String));
  });
});

describe("other namespaces", () => {
  it("reads the reference data", async () => {
    const countries = await client.countries();
    expect(countries.list).toContain("PL");
    const dictionary = await client.dictionary();
    expect(dictionary.currencies ?? []).toContain("PLN");
    const regulations = await client.regulations();
    expect(regulations.regulations.length).toBeGreaterThan(0);
    const cities = await client.cities({ query: "Warsz" });
    expect(cities.cities.some((c) => c.name === "Warszawa")).toBe(true);
    const streets = await client.streets({ city: "Warszawa", query: "Marsz" });
    expect(streets.streets.length).toBeGreaterThan(0);
    const suggestions = await client.addressAutocomplete({ query: "Gdańsk", country_code: "PL" });
    expect(suggestions.suggestions.length).toBeGreaterThan(0);
  });

  it("finds points, lists account services, templates and messages", async () => {
    const points = await client.points.map({
      location: { search_phrase: "Warszawa" },
      filters: { services: ["inpost"] },
    });
    expect(points.points.length).toBeGreaterThan(0);
    const services = await client.account.services();
    expect(services.services.length).toBeGreaterThan(0);
    const templates = await client.templates.list();
    expect(Array.isArray(templates.templates)).toBe(true);
    // Version 1 answers one `package` per template, type on the package.
    const v1Templates = await client.templates.list({ version: 1 });
    expect(v1Templates.templates[0]?.package?.type).toEqual(expect.any(String));
    const v2 = await client.messages.list({}, { language: "pl_PL" });
    expect(Array.isArray(v2.messages)).toBe(true);
    const v1 = await client.messages.list({}, { version: 1 });
    expect(Array.isArray(v1.messages)).toBe(true);
  });

  it("creates a payment and edits the user's data", async () => {
    const payment = await client.payments.create({ amount: 50, currency: "PLN" });
    expect(payment).toMatchObject({ amount: 50, currency: "PLN" });
    expect(payment.payment_url).toEqual(expect.any(String));
    const written = await client.userData.update({ phone: "+48 501 234 567", country_code: "PL" });
    // Sent normalized to the 9 digits the service keeps.
    expect(written.userData).toMatchObject({ phone: "501234567", country_code: "PL" });
    expect(await client.userData.get()).toMatchObject({ phone: "501234567" });
  });

  it("round-trips templates, messages, payments, user data and the tracking webhook", async () => {
    const created = await client.templates.create({
      name: "Small parcel",
      packages: [packageV2()],
    });
    const template = created.template as { id: number; packages: unknown[] };
    expect(template.packages).toHaveLength(1);
    const listed = await client.templates.list();
    expect(listed.templates.map((t) => t.id)).toContain(template.id);
    await client.templates.delete(template.id);
    const after = await client.templates.list();
    expect(after.templates.map((t) => t.id)).not.toContain(template.id);
    await expect(client.templates.delete(template.id)).rejects.toBeInstanceOf(NotFoundError);

    const polish = await client.messages.list({}, { language: "pl_PL" });
    const english = await client.messages.list({}, { language: "en_GB" });
    expect(polish.messages.length).toBeGreaterThan(0);
    expect(polish.messages[0]?.content).not.toBe(english.messages[0]?.content);
    const first = polish.messages[0]!;
    await client.messages.markRead(Number(first.id));
    const read = await client.messages.list({ read: true });
    expect(read.messages.map((m) => m.id)).toContain(first.id);

    const payment = await client.payments.create({ amount: 25 });
    const again = await client.payments.get(Number(payment.id));
    expect(again.status).toBe(payment.status);

    const user = await client.userData.get();
    expect(user).toBeTypeOf("object");

    await client.account.setTrackingWebhook({
      url: "https://shop.example/tracking",
      secret: "a-shared-secret-of-32-characters",
      language: "pl_PL",
    });
    const hook = await client.account.trackingWebhook();
    expect(hook.url).toBe("https://shop.example/tracking");
    expect(JSON.stringify(hook)).not.toContain("a-shared-secret");
    await client.account.deleteTrackingWebhook();
    await expect(client.account.trackingWebhook()).rejects.toBeInstanceOf(NotFoundError);
  });

  it("reads commands back by uuid", async () => {
    const created = await client.packages.create(packageV2("command-read-1"));
    const uuid = crypto.randomUUID();
    await client.orderCommands.put(uuid, { packages: [{ id: created.package.package_id }] });
    const state = await client.orderCommands.get(uuid);
    expect(state.uuid).toBe(uuid);
    await expect(client.cancelCommands.get(crypto.randomUUID())).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });

  it("acts for a company with X-Company-Id, per client or per call", async () => {
    const forCompany = sandbox.client({
      companyId: DEMO.companyId,
    });
    const created = await forCompany.packages.create(packageV2("company-order-1"));
    // Packages of the company are not the user's own.
    await expect(client.packages.get(created.package.package_id)).rejects.toBeInstanceOf(
      NotFoundError,
    );
    const read = await client.packages.get(created.package.package_id, {
      companyId: DEMO.companyId,
    });
    expect(read.package_id).toBe(created.package.package_id);
  });
});

describe("errors by status", () => {
  it("400: the service's errors[] become issues with paths", async () => {
    const pkg = packageV2();
    // Locally valid, rejected by the service: an unknown carrier.
    const error = await client.packages
      .create({ ...pkg, service: "no-such-carrier" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationApiError);
    const v = error as ValidationApiError;
    expect(v.status).toBe(400);
    expect(v.method).toBe("POST");
    expect(v.path).toBe("/packages");
    expect(v.issues.some((i) => i.path === "service")).toBe(true);
    expect(v.body).toMatchObject({ errors: expect.any(Array) });
  });

  it("validate() reports the service's verdict instead of throwing", async () => {
    const verdict = await client.packages.validate({ ...packageV2(), service: "no-such-carrier" });
    expect(verdict.valid).toBe(false);
    expect(verdict.issues.some((i) => i.path === "service")).toBe(true);
  });

  it("validate() keeps the local warnings beside the service's issues, and only the three fields", async () => {
    const pkg = packageV2();
    // A fractional width is a warning (rounded up), the unknown carrier the service's refusal.
    pkg.parcels[0]!.width = 20.2;
    const verdict = await client.packages.validate({ ...pkg, service: "no-such-carrier" });
    expect(Object.keys(verdict).sort()).toEqual(["issues", "valid", "warnings"]);
    expect(verdict.valid).toBe(false);
    expect(verdict.issues.some((i) => i.path === "service")).toBe(true);
    expect(verdict.warnings.some((w) => w.path.startsWith("parcels[0]."))).toBe(true);
  });

  it("validate() resolves even for input that is not a package, sending nothing", async () => {
    const { fetch, requests } = countingFetch();
    const counted = sandbox.client({ fetch });
    const verdict = await counted.packages.validate("not a package" as never);
    expect(verdict.valid).toBe(false);
    expect(verdict.issues.length).toBeGreaterThan(0);
    expect(requests).toEqual([]);
  });

  it("validate() still throws for failures that are not about the package", async () => {
    const stranger = new ShippingClient({
      baseUrl: sandbox.baseUrl,
      auth: staticToken("not-a-token"),
    });
    await expect(stranger.packages.validate(packageV2())).rejects.toBeInstanceOf(
      AuthenticationError,
    );
  });

  it("401: a token the service does not know", async () => {
    const stranger = new ShippingClient({
      baseUrl: sandbox.baseUrl,
      auth: staticToken("not-a-token"),
    });
    const error = await stranger.countries().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as ApiError).status).toBe(401);
    // The token never appears in the error, however it is printed.
    for (const shown of [
      JSON.stringify({ ...(error as object), message: (error as Error).message }),
      inspect(error, { depth: 20, showHidden: true }),
      String((error as Error).stack),
      inspect(stranger, { depth: 20, showHidden: true }),
    ]) {
      expect(shown).not.toContain("not-a-token");
    }
  });

  it("403: a company that is not the user's", async () => {
    const error = await client.countries({ companyId: "999999" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermissionError);
    expect((error as PermissionError).serviceCode).toBe("company_forbidden");
  });

  it("404: a package that does not exist", async () => {
    const error = await client.packages.get(987654321).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).path).toBe("/packages/987654321");
  });

  it("409: editing a package that is already ordered", async () => {
    const created = await client.packages.create(packageV2("order-409"));
    const id = created.package.package_id;
    await client.orderCommands.put(crypto.randomUUID(), { packages: [{ id }] });
    const error = await client.packages.update(id, packageV2("order-409")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
  });
});

describe("options", () => {
  /** The error a constructor call throws. */
  function thrown(make: () => unknown): unknown {
    try {
      make();
    } catch (error) {
      return error;
    }
    throw new Error("expected the constructor to throw");
  }

  it("names the option that is wrong, with the stable invalid_api_options code", () => {
    const auth = staticToken("t");
    const baseUrl = sandbox.baseUrl;
    const cases: [string, () => unknown][] = [
      ["baseUrl", () => new ShippingClient({ baseUrl: "api.furgonetka.pl", auth })],
      ["baseUrl", () => new ShippingClient({ baseUrl: "ftp://example.com", auth })],
      ["auth", () => new ShippingClient({ baseUrl, auth: {} as never })],
      ["options", () => new ShippingClient(undefined as never)],
      ["version", () => new ShippingClient({ baseUrl, auth, version: 3 as never })],
      ["language", () => new ShippingClient({ baseUrl, auth, language: "de_DE" as never })],
      ["timeoutMs", () => new ShippingClient({ baseUrl, auth, timeoutMs: 0 })],
      ["retry.limit", () => new ShippingClient({ baseUrl, auth, retry: { limit: -1 } })],
      [
        "retry.baseDelayMs",
        () => new ShippingClient({ baseUrl, auth, retry: { baseDelayMs: Number.NaN } }),
      ],
    ];
    for (const [option, make] of cases) {
      const error = thrown(make);
      expect(error).toBeInstanceOf(ApiUsageError);
      expect(isApiUsageError(error)).toBe(true);
      expect(error).toMatchObject({ code: API_USAGE_ERROR_CODES.invalid_api_options, option });
      expect((error as Error).message).toContain(option);
    }
  });

  it("refuses an invalid per-call deadline with the same code, sending nothing", async () => {
    const { fetch, requests } = countingFetch();
    const counted = sandbox.client({ fetch });
    await expect(counted.countries({ deadline: Number.NaN })).rejects.toMatchObject({
      code: API_USAGE_ERROR_CODES.invalid_api_options,
      option: "deadline",
    });
    expect(requests).toEqual([]);
  });
});

describe("local validation", () => {
  it("rejects before sending, with every problem and its path", async () => {
    const { fetch, requests } = countingFetch();
    const counted = sandbox.client({ fetch });
    const bad = packageV2();
    const broken = {
      ...bad,
      receiver: { ...bad.receiver, phone: "12" },
      parcels: [{ ...bad.parcels[0]!, weight: -1 }],
    };
    const error = await counted.packages.create(broken).catch((e: unknown) => e);
    expect(isValidationApiError(error)).toBe(false);
    const issues = (error as { issues: { path: string }[] }).issues;
    expect(issues.map((i) => i.path)).toEqual(
      expect.arrayContaining(["receiver.phone", "parcels[0].weight"]),
    );
    await expect(counted.cities({ query: "" })).rejects.toMatchObject({
      issues: [expect.objectContaining({ path: "query" })],
    });
    await expect(counted.orderCommands.get("not-a-uuid")).rejects.toBeDefined();
    expect(requests).toEqual([]);
  });

  it("refuses package ids that are not whole numbers above zero, sending nothing", async () => {
    const { fetch, requests } = countingFetch();
    const counted = sandbox.client({ fetch });
    for (const id of [Number.NaN, -5, 0, 1.5, Number.POSITIVE_INFINITY]) {
      const named = { issues: [expect.objectContaining({ path: "id" })] };
      await expect(counted.packages.get(id)).rejects.toMatchObject(named);
      await expect(counted.packages.update(id, packageV2())).rejects.toMatchObject(named);
      await expect(counted.packages.label(id)).rejects.toMatchObject(named);
      await expect(counted.packages.tracking(id)).rejects.toMatchObject(named);
    }
    expect(requests).toEqual([]);
  });

  it("validate() reports local problems without asking the service", async () => {
    const { fetch, requests } = countingFetch();
    const counted = sandbox.client({ fetch });
    const pkg = packageV2();
    const verdict = await counted.packages.validate({ ...pkg, parcels: [] });
    expect(verdict.valid).toBe(false);
    expect(verdict.issues.some((i) => i.path === "parcels")).toBe(true);
    expect(requests).toEqual([]);
  });
});
