// Response validation, which only a misbehaving service can trigger: a tiny
// local HTTP server answers with the wrong shape. With validateResponses on,
// the client fails with UnexpectedResponseError naming the path; off, the
// answer is passed through as received. An answer that is not the JSON its
// media type claims fails either way.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  isUnexpectedResponseError,
  ShippingClient,
  staticToken,
  UnexpectedResponseError,
} from "./index.ts";

let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === "/configuration/dictionary") {
      // A proxy's error page, labelled with the service's media type.
      response.writeHead(200, { "content-type": "application/vnd.furgonetka.v1+json" });
      response.end("<html><body>Bad gateway</body></html>");
      return;
    }
    response.writeHead(200, {
      "content-type": "application/vnd.furgonetka.v1+json",
      "x-request-id": "req-shape",
    });
    response.end(JSON.stringify({ list: ["PL", 42] }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.close();
});

describe("validateResponses", () => {
  it("on: a wrong shape fails with the path and the request", async () => {
    const client = new ShippingClient({
      baseUrl,
      auth: staticToken("t0ken-value"),
      validateResponses: true,
    });
    const error = await client.countries().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect(isUnexpectedResponseError(error)).toBe(true);
    const e = error as UnexpectedResponseError;
    expect(e.issues.map((i) => i.path)).toEqual(["list[1]"]);
    expect(e.message).toContain("list[1]");
    expect(e.path).toBe("/configuration/allowed-countries");
    expect(e.requestId).toBe("req-shape");
    expect(e.message).not.toContain("t0ken-value");
  });

  it("an answer that is not the JSON it claims to be is an UnexpectedResponseError, on or off", async () => {
    for (const validateResponses of [true, false]) {
      const client = new ShippingClient({
        baseUrl,
        auth: staticToken("t0ken-value"),
        validateResponses,
      });
      const error = await client.dictionary().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UnexpectedResponseError);
      const e = error as UnexpectedResponseError;
      expect(e.status).toBe(200);
      expect(e.method).toBe("GET");
      expect(e.path).toBe("/configuration/dictionary");
      expect(e.body).toBe("<html><body>Bad gateway</body></html>");
    }
  });

  it("off (the default): the answer is passed through", async () => {
    const client = new ShippingClient({ baseUrl, auth: staticToken("t0ken-value") });
    const countries = await client.countries();
    expect(countries.list).toEqual(["PL", 42]);
  });
});
