// The fallbacks of the sandbox's apps: 404 and 405 from the route table, and
// a 500 that says nothing about the failure's inner details.
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { describe, expect, it } from "vitest";
import { errorHandler, notFoundHandler } from "./fallbacks.ts";

function app(log: string[] = []) {
  const hono = new Hono();
  hono.onError(errorHandler((line) => log.push(line)));
  hono.notFound(notFoundHandler(hono));
  hono.use("*", async (_c, next) => next());
  hono.get("/things/:id", (c) => c.json({ id: c.req.param("id") }));
  hono.put("/things/:id", (c) => c.body(null, 204));
  hono.get("/boom", () => {
    throw new Error("token eyJhbGciOi.secret leaked into a message");
  });
  hono.get("/teapot", () => {
    throw new HTTPException(418, { message: "short and stout" });
  });
  return hono;
}

describe("fallbacks", () => {
  it("answers an unknown path with 404 JSON", async () => {
    const response = await app().request("/nothing/here");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      code: "not_found",
      message: "There is no resource at /nothing/here.",
      errors: [],
    });
  });

  it("answers a known path with another method with 405 and Allow", async () => {
    const response = await app().request("/things/7", { method: "DELETE" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD, PUT");
    expect((await response.json()).code).toBe("method_not_allowed");
  });

  it("answers a failure with 500 JSON without the error's message or stack", async () => {
    const log: string[] = [];
    const response = await app(log).request("/boom");
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toMatchObject({ code: "internal_error" });
    expect(text).not.toContain("secret");
    expect(text).not.toContain("at ");
    expect(log).toHaveLength(1);
  });

  it("keeps the status of an HTTPException", async () => {
    const response = await app().request("/teapot");
    expect(response.status).toBe(418);
    expect((await response.json()).message).toBe("short and stout");
  });

  it("speaks the language of a valid X-Language header, and English otherwise", async () => {
    const polish = { headers: { "x-language": "pl_PL" } };
    const missing = await app().request("/nothing/here", polish);
    expect((await missing.json()).message).toBe("Pod adresem /nothing/here nie ma żadnego zasobu.");
    const wrong = await app().request("/things/7", { method: "DELETE", ...polish });
    expect((await wrong.json()).message).toBe(
      "Metoda DELETE nie jest dozwolona dla /things/7; użyj: GET, HEAD, PUT.",
    );
    const failed = await app().request("/boom", polish);
    expect((await failed.json()).message).toBe(
      "Piaskownica nie zdołała odpowiedzieć na to żądanie.",
    );
    const unknown = await app().request("/nothing/here", { headers: { "x-language": "de_DE" } });
    expect((await unknown.json()).message).toBe("There is no resource at /nothing/here.");
  });
});
