// How the demo reads Medusa's answers: a refusal (a JSON 4xx with the
// plugin's code) is final, so the batch does not retry it; what can pass
// later (a 5xx, 429, a 409 conflict) is not; and an HTML error page never reaches the
// merchant, stack trace and all. A loopback HTTP server answers as Medusa
// does in each case.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { isShipbridgeError } from "@shipbridge/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MedusaApi, MedusaApiError } from "./medusa-api.ts";

const ANSWERS: Record<string, { status: number; type: string; body: string }> = {
  "/refused": {
    status: 400,
    type: "application/json",
    body: JSON.stringify({
      type: "invalid_data",
      code: "validation_failed",
      message: "order.shipping_address.phone phone_invalid: The phone number must have 9 digits",
    }),
  },
  "/conflict": {
    status: 409,
    type: "application/json",
    body: JSON.stringify({
      type: "conflict",
      message: "could not serialize access due to concurrent update. You may retry",
    }),
  },
  "/unsettled": {
    status: 400,
    type: "application/json",
    body: JSON.stringify({
      type: "not_allowed",
      code: "attempt_unsettled",
      message: "An earlier attempt at this shipment is still settling",
    }),
  },
  "/busy": {
    status: 429,
    type: "application/json",
    body: JSON.stringify({ message: "slow down" }),
  },
  "/down": {
    status: 500,
    type: "application/json",
    body: JSON.stringify({ type: "unknown_error", message: "service_unavailable" }),
  },
  "/crashed": {
    status: 500,
    type: "text/html; charset=utf-8",
    body: "<!DOCTYPE html><html><body><pre>TypeError: path.reduce is not a function<br> &nbsp; &nbsp;at /app/node_modules/zod-validation-error/index.js:1:1</pre></body></html>",
  },
};

let server: Server;
let api: MedusaApi;

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === "/auth/user/emailpass") {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ token: "token" }));
      return;
    }
    if (request.url === "/store/carts/nosuch") {
      // Medusa's own refusal, in English whatever was asked; it shows what was asked.
      response.writeHead(404, { "content-type": "application/json" });
      const asked = request.headers["accept-language"] ?? "none";
      response.end(JSON.stringify({ type: "not_found", message: `Cart not found (${asked})` }));
      return;
    }
    const answer = ANSWERS[request.url ?? ""] ?? { status: 404, type: "text/plain", body: "" };
    response.writeHead(answer.status, { "content-type": answer.type });
    response.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  api = new MedusaApi(`http://127.0.0.1:${port}`, { email: "a@b.c", password: "p" }, "pk");
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const failure = (path: string) =>
  api.admin(path, { body: {} }).then(
    () => {
      throw new Error(`${path} answered 2xx`);
    },
    (error: unknown) => error as MedusaApiError,
  );

describe("Medusa's answers", () => {
  it("a refusal is final, with the field, the rule and the plugin's code", async () => {
    const error = await failure("/refused");
    expect(error).toBeInstanceOf(MedusaApiError);
    expect(isShipbridgeError(error)).toBe(true);
    expect(error.final).toBe(true);
    expect(error.medusaCode).toBe("validation_failed");
    expect(error.message).toContain("order.shipping_address.phone phone_invalid");
  });

  it("too many requests and server errors are retried, not final", async () => {
    expect((await failure("/busy")).final).toBe(false);
    expect((await failure("/down")).final).toBe(false);
  });

  it("a conflict is retried, with the plugin's code when it names one", async () => {
    const conflict = await failure("/conflict");
    expect(conflict.final).toBe(false);
    expect(conflict.medusaCode).toBeUndefined();
    expect(conflict.message).toContain("You may retry");
    const unsettled = await failure("/unsettled");
    expect(unsettled.final).toBe(false);
    expect(unsettled.medusaCode).toBe("attempt_unsettled");
  });

  it("an HTML error page is reported without its markup or stack trace", async () => {
    const error = await failure("/crashed");
    expect(error).toBeInstanceOf(MedusaApiError);
    expect(error.final).toBe(false);
    expect(error.message).toBe(
      "POST /crashed: 500 the store answered text/html; charset=utf-8 instead of JSON",
    );
    expect(error.message).not.toMatch(/DOCTYPE|path\.reduce|node_modules/);
  });

  it("the store API is asked in the customer's language; a refusal keeps Medusa's bare words and kind", async () => {
    const error = (await api
      .store("/store/carts/nosuch", { language: "pl" })
      .catch((caught: unknown) => caught)) as MedusaApiError;
    expect(error).toBeInstanceOf(MedusaApiError);
    expect(error.final).toBe(true);
    expect(error.reason).toBe("Cart not found (pl)");
    expect(error.medusaType).toBe("not_found");
    expect(error.message).toBe("GET /store/carts/nosuch: 404 Cart not found (pl)");
  });
});
