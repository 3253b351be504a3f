// Hostile requests at the edge of the REST API: bodies in another charset or
// with bytes that are not UTF-8, query strings with prototype keys or repeated
// parameters, ids beyond a safe integer, and bodies over the limit.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RestSandbox, sampleV2, V2_JSON } from "../testing/rest-fixture.ts";

let sandbox: RestSandbox;
beforeAll(async () => {
  sandbox = await RestSandbox.start();
});
afterAll(() => sandbox.close());

async function rawPost(
  body: Uint8Array<ArrayBuffer> | string,
  contentType: string,
  language = "en_GB",
) {
  const response = await fetch(`${sandbox.baseUrl}/packages`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${await sandbox.token("user")}`,
      accept: V2_JSON,
      "content-type": contentType,
      "x-language": language,
    },
    body,
  });
  return { status: response.status, body: await response.json() };
}

describe("request bodies", () => {
  it("refuses a charset other than UTF-8 with 415, in X-Language", async () => {
    const latin1 = new Uint8Array(
      Buffer.from(JSON.stringify(sampleV2({ user_reference_number: "Łódź" })), "latin1"),
    );
    const en = await rawPost(latin1, `${V2_JSON}; charset=iso-8859-1`);
    expect(en.status).toBe(415);
    expect(en.body).toMatchObject({
      code: "unsupported_charset",
      message: "The request body must be UTF-8; charset=iso-8859-1 is not supported.",
    });
    const pl = await rawPost(latin1, "application/json; charset=ISO-8859-1", "pl_PL");
    expect(pl.status).toBe(415);
    expect(pl.body.message).toBe(
      "Treść żądania musi być w UTF-8; charset=iso-8859-1 nie jest obsługiwany.",
    );
    const utf8 = await rawPost(JSON.stringify(sampleV2()), `${V2_JSON}; charset="UTF-8"`);
    expect(utf8.status).toBe(201);
  });

  it("refuses bytes that are not valid UTF-8 with 400 instead of storing U+FFFD", async () => {
    const text = JSON.stringify(sampleV2({ user_reference_number: "BAD-\u0000" }));
    const bytes = Buffer.from(text, "utf8");
    const zero = bytes.indexOf(Buffer.from("\\u0000"));
    const broken = new Uint8Array(
      Buffer.concat([bytes.subarray(0, zero), Buffer.from([0xc3, 0x28]), bytes.subarray(zero + 6)]),
    );
    const en = await rawPost(broken, V2_JSON);
    expect(en.status).toBe(400);
    expect(en.body).toMatchObject({
      code: "invalid_utf8",
      message: "The request body is not valid UTF-8.",
    });
    const pl = await rawPost(broken, V2_JSON, "pl_PL");
    expect(pl.body.message).toBe("Treść żądania nie jest poprawnym tekstem UTF-8.");
    const list = await sandbox.call("GET", "/packages", { version: 2 });
    expect(JSON.stringify(list.body)).not.toContain("\uFFFD");
  });
});

describe("query strings", () => {
  it.each(["__proto__", "constructor", "prototype", "hasOwnProperty"])(
    "refuses the unknown key %s like any other",
    async (key) => {
      const res = await sandbox.call("GET", `/packages?${key}=1`, { version: 2 });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([
        expect.objectContaining({ path: key, rule: "unknown_field" }),
      ]);
    },
  );

  it("refuses a parameter given twice, naming it, in X-Language", async () => {
    const en = await sandbox.call("GET", "/packages?limit=5&limit=500", { version: 2 });
    expect(en.status).toBe(400);
    expect(en.body).toMatchObject({
      code: "duplicate_parameter",
      message: "The query parameter limit is given more than once; give it once.",
    });
    // The entry names the parameter as its path, like other validation errors.
    expect(en.body.errors).toEqual([
      {
        path: "limit",
        message: "The query parameter limit is given more than once; give it once.",
      },
    ]);
    const pl = await sandbox.call("GET", "/messages?type=info&type=order", {
      version: 2,
      headers: { "x-language": "pl_PL" },
    });
    expect(pl.status).toBe(400);
    expect(pl.body.message).toBe("Parametr zapytania type podano więcej niż raz; podaj go raz.");
    expect(pl.body.errors).toEqual([
      { path: "type", message: "Parametr zapytania type podano więcej niż raz; podaj go raz." },
    ]);
    const regions = await sandbox.call(
      "GET",
      "/address-autocomplete?query=Piotrkowska&regions=europe&regions=asia",
    );
    expect(regions.status).toBe(200);
  });
});

describe("path ids", () => {
  it("names an id beyond a safe integer as it was sent", async () => {
    for (const method of ["GET", "PUT"]) {
      const res = await sandbox.call(method, "/packages/99999999999999999999", {
        version: 2,
        ...(method === "PUT" ? { body: sampleV2() } : {}),
      });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe("There is no package 99999999999999999999 on this account.");
    }
  });
});

describe("bodies over the limit", () => {
  it("answer 413 that fetch can read, every time", async () => {
    const token = await sandbox.token("user");
    const big = JSON.stringify({ padding: "x".repeat(4_000_000) });
    const answers = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const response = await fetch(`${sandbox.baseUrl}/packages`, {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: big,
        });
        return { status: response.status, body: await response.json() };
      }),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(413);
      expect(answer.body).toMatchObject({ code: "payload_too_large" });
    }
    for (let attempt = 0; attempt < 10; attempt++) {
      // Without Content-Length: the limit is found while reading.
      const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
      let sent = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent++ < 64) controller.enqueue(chunk);
          else controller.close();
        },
      });
      const response = await fetch(`${sandbox.baseUrl}/packages`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: stream,
        duplex: "half",
      } as RequestInit);
      expect(response.status).toBe(413);
      expect(await response.json()).toMatchObject({ code: "payload_too_large" });
    }
    for (let attempt = 0; attempt < 8; attempt++) {
      const response = await fetch(`${sandbox.baseUrl}/_sandbox/applications`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "x".repeat(2_000_000) }),
      });
      expect(response.status).toBe(413);
    }
  });
});
