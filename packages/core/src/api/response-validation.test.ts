// Response validation, which only a misbehaving service can trigger: a tiny
// local HTTP server answers with the wrong shape. With validateResponses on,
// the client fails with UnexpectedResponseError naming the path; off, the
// answer is passed through as received.
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
  server = createServer((_request, response) => {
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

  it("off (the default): the answer is passed through", async () => {
    const client = new ShippingClient({ baseUrl, auth: staticToken("t0ken-value") });
    const countries = await client.countries();
    expect(countries.list).toEqual(["PL", 42]);
  });
});
