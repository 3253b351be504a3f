// Every error shape of the REST API over real HTTP: 401 without a valid
// token, 403 for a company that is not the user's and for application tokens
// on user resources, 404, 405, 406, 413, 415. Every one is JSON with code,
// message and errors.
import type { Language } from "@shipbridge/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HTTP_MESSAGES } from "../../http/http-messages.ts";
import type { CallOptions, CallResult } from "../testing/rest-fixture.ts";
import { RestSandbox, sampleV2, V1_JSON, V2_JSON } from "../testing/rest-fixture.ts";

let sandbox: RestSandbox;
beforeAll(async () => {
  sandbox = await RestSandbox.start();
});
afterAll(() => sandbox.close());

function expectErrorShape(body: unknown): void {
  expect(body).toMatchObject({ message: expect.any(String) });
}

describe("authentication", () => {
  it("answers 401 without a token and with a forged one", async () => {
    const none = await sandbox.call("GET", "/account/services", { token: null });
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toMatch(/^Bearer/);
    const forged = await sandbox.call("GET", "/packages/1", {
      token: "eyJhbGciOiJFUzI1NiJ9.e30.c2ln",
    });
    expect(forged.status).toBe(401);
    expect(forged.body.error).toBe("invalid_token");
  });
});

describe("companies and token kinds", () => {
  it("lets a user act for one of their companies and refuses any other with 403", async () => {
    const own = await sandbox.call("GET", "/account/services", {
      headers: { "X-Company-Id": "1001" },
    });
    expect(own.status).toBe(200);
    const other = await sandbox.call("GET", "/account/services", {
      headers: { "X-Company-Id": "4242" },
    });
    expect(other.status).toBe(403);
    expect(other.body.code).toBe("company_forbidden");
    expectErrorShape(other.body);
  });

  it("gives each company its own service ids", async () => {
    const own = await sandbox.call("GET", "/account/services");
    const company = await sandbox.call("GET", "/account/services", {
      headers: { "X-Company-Id": "1001" },
    });
    expect(own.body.services[0].id).not.toBe(company.body.services[0].id);
  });

  it("refuses an application token (client_credentials) on user resources, and with X-Company-Id", async () => {
    const services = await sandbox.call("GET", "/account/services", { token: "client" });
    expect(services.status).toBe(403);
    expect(services.body.code).toBe("user_token_required");
    const packages = await sandbox.call("POST", "/packages", {
      token: "client",
      version: 2,
      body: sampleV2(),
    });
    expect(packages.status).toBe(403);
    const company = await sandbox.call("GET", "/configuration/allowed-countries", {
      token: "client",
      headers: { "X-Company-Id": "1001" },
    });
    expect(company.status).toBe(403);
  });

  it("lets an application token read reference data", async () => {
    expect(
      (await sandbox.call("GET", "/configuration/allowed-countries", { token: "client" })).status,
    ).toBe(200);
    expect(
      (
        await sandbox.call("POST", "/points/map", {
          token: "client",
          body: { location: { search_phrase: "Gdańsk" } },
        })
      ).status,
    ).toBe(200);
  });
});

describe("content negotiation", () => {
  it("answers 406 for an unknown media type and for a version the endpoint lacks", async () => {
    const html = await sandbox.call("GET", "/account/services", { accept: "text/html" });
    expect(html.status).toBe(406);
    expect(html.body.code).toBe("not_acceptable");
    const v2 = await sandbox.call("GET", "/account/services", { accept: V2_JSON });
    expect(v2.status).toBe(406);
    expect(v2.body.message).toContain(V1_JSON);
    const v3 = await sandbox.call("GET", "/packages/1", {
      accept: "application/vnd.furgonetka.v3+json",
    });
    expect(v3.status).toBe(406);
  });

  it("answers v1 without Accept, with */* and with application/json", async () => {
    for (const accept of [null, "*/*", "application/json"]) {
      expect((await sandbox.call("GET", "/account/services", { accept })).status).toBe(200);
    }
  });

  it("names the negotiated version in the Content-Type of JSON answers, errors included", async () => {
    const mediaType = (r: CallResult) => r.headers.get("content-type")?.split(";")[0];
    for (const accept of [null, "*/*", "application/json", V1_JSON]) {
      const v1 = await sandbox.call("GET", "/account/services", { accept });
      expect(mediaType(v1), String(accept)).toBe(V1_JSON);
    }
    const created = await sandbox.call("POST", "/packages", { version: 2, body: sampleV2() });
    expect(created.status).toBe(201);
    expect(mediaType(created)).toBe(V2_JSON);
    expect(created.headers.get("content-type")).toContain("charset=utf-8");
    const invalid = await sandbox.call("POST", "/packages", { version: 2, body: {} });
    expect(invalid.status).toBe(400);
    expect(mediaType(invalid)).toBe(V2_JSON);
    const missing = await sandbox.call("GET", "/packages/999999", { version: 2 });
    expect(missing.status).toBe(404);
    expect(mediaType(missing)).toBe(V2_JSON);
  });

  it("answers in application/json where no version was negotiated, and on the sandbox's own endpoints", async () => {
    const notAcceptable = await sandbox.call("GET", "/account/services", { accept: "text/html" });
    expect(notAcceptable.headers.get("content-type")).toMatch(/^application\/json/);
    const unauthenticated = await sandbox.call("GET", "/account/services", { token: null });
    expect(unauthenticated.headers.get("content-type")).toMatch(/^application\/json/);
    const clock = await fetch(`${sandbox.baseUrl}/_sandbox/clock`);
    expect(clock.headers.get("content-type")).toMatch(/^application\/json/);
    const token = await fetch(`${sandbox.baseUrl}/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "grant_type=client_credentials",
    });
    expect(token.headers.get("content-type")).toMatch(/^application\/json/);
  });

  it("answers 415 for a body without Content-Type, of another type, or of another version", async () => {
    const none = await sandbox.call("POST", "/packages", {
      version: 2,
      contentType: null,
      body: sampleV2(),
    });
    expect(none.status).toBe(415);
    const text = await sandbox.call("POST", "/packages", {
      version: 2,
      contentType: "text/plain",
      body: sampleV2(),
    });
    expect(text.status).toBe(415);
    expect(text.body.code).toBe("unsupported_media_type");
    const mismatch = await sandbox.call("POST", "/packages", {
      version: 2,
      contentType: V1_JSON,
      body: sampleV2(),
    });
    expect(mismatch.status).toBe(415);
  });

  it("answers 413 for a body over 1 MB", async () => {
    const res = await sandbox.call("POST", "/packages", {
      version: 2,
      raw: `{"name":"${"x".repeat(1_100_000)}"}`,
    });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe("payload_too_large");
  });
});

describe("unknown paths and methods", () => {
  it("answers 404 for an unknown path and 405 with Allow for a wrong method", async () => {
    const missing = await sandbox.call("GET", "/no-such-resource");
    expect(missing.status).toBe(404);
    expectErrorShape(missing.body);
    const wrong = await sandbox.call("DELETE", "/packages/validate");
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toContain("POST");
    const unknownPackage = await sandbox.call("GET", "/packages/424242");
    expect(unknownPackage.status).toBe(404);
    expect(unknownPackage.body.code).toBe("package_not_found");
  });
});

describe("the sandbox's own answers about HTTP speak X-Language", () => {
  async function inBothLanguages(
    method: string,
    path: string,
    options: CallOptions = {},
  ): Promise<Record<Language, CallResult>> {
    const ask = (language: Language) =>
      sandbox.call(method, path, { ...options, headers: { "x-language": language } });
    return { en_GB: await ask("en_GB"), pl_PL: await ask("pl_PL") };
  }

  function messagesDiffer(answers: Record<Language, CallResult>, field = "message"): void {
    const en = answers.en_GB.body[field];
    const pl = answers.pl_PL.body[field];
    expect(answers.pl_PL.status).toBe(answers.en_GB.status);
    expect(en).toEqual(expect.stringMatching(/\S/));
    expect(pl).toEqual(expect.stringMatching(/\S/));
    expect(pl).not.toBe(en);
  }

  it("answers 401 in the request's language in the body, and in English in WWW-Authenticate", async () => {
    const forged = await inBothLanguages("GET", "/packages/1", {
      token: "eyJhbGciOiJFUzI1NiJ9.e30.c2ln",
    });
    expect(forged.pl_PL.status).toBe(401);
    messagesDiffer(forged, "error_description");
    expect(forged.pl_PL.body.error_description).toBe(HTTP_MESSAGES.token.forged.pl_PL);
    expect(forged.pl_PL.headers.get("www-authenticate")).toContain(
      HTTP_MESSAGES.token.forged.en_GB,
    );
    const none = await inBothLanguages("GET", "/account/services", { token: null });
    messagesDiffer(none, "error_description");
  });

  it("answers 404, 405 and 413 in the request's language", async () => {
    const missing = await inBothLanguages("GET", "/no-such-resource");
    expect(missing.pl_PL.status).toBe(404);
    messagesDiffer(missing);
    expect(missing.pl_PL.body.message).toBe("Pod adresem /no-such-resource nie ma żadnego zasobu.");
    const wrong = await inBothLanguages("DELETE", "/packages/validate");
    expect(wrong.pl_PL.status).toBe(405);
    messagesDiffer(wrong);
    const large = await inBothLanguages("POST", "/packages", {
      version: 2,
      raw: `{"name":"${"x".repeat(1_100_000)}"}`,
    });
    expect(large.pl_PL.status).toBe(413);
    messagesDiffer(large);
  });

  it("answers malformed JSON in the request's language", async () => {
    const broken = await inBothLanguages("POST", "/packages", { version: 2, raw: "{" });
    expect(broken.pl_PL.status).toBe(400);
    expect(broken.pl_PL.body.code).toBe("malformed_json");
    messagesDiffer(broken);
  });

  it("answers an injected fault in the request's language", async () => {
    const added = await fetch(`${sandbox.baseUrl}/_sandbox/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ status: 503, path: "/account/services", count: 2 }),
    });
    expect(added.status).toBe(201);
    const fault = await inBothLanguages("GET", "/account/services");
    expect(fault.pl_PL.status).toBe(503);
    messagesDiffer(fault);
    expect(fault.pl_PL.body.message).toBe(HTTP_MESSAGES.faults[503].message.pl_PL);
  });
});
