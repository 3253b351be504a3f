// What the client makes of a store that fails: an HTML error page (a proxy's
// 502) and a store that is not there become a PickerError with a message a
// shopper can read in their language, never the page itself. (The store's own
// answers are tested in Chromium against a real Medusa store:
// apps/medusa-store/test/picker/picker.e2e.ts.)
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPickerError } from "./picker-error.ts";
import { createPickupClient } from "./pickup-client.ts";

let server: Server;
let baseUrl: string;
const seen: { url: string; headers: Record<string, unknown> }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push({ url: request.url ?? "", headers: request.headers });
    response.writeHead(502, { "content-type": "text/html" });
    response.end("<!DOCTYPE html><html><body>Bad Gateway at /srv/app.js:12</body></html>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!isPickerError(error)) throw new Error(`expected a PickerError, got ${String(error)}`);
  return error;
}

describe("a store that fails", () => {
  it("turns an HTML error page into a readable error, in the shopper's language", async () => {
    const client = createPickupClient({ baseUrl: `${baseUrl}/`, publishableKey: "pk_test" });
    const english = await failure(client.points({ service: "inpost", cartId: "cart_1" }));
    expect(english).toMatchObject({ code: "unexpected_response", status: 502 });
    expect(english.message).toBe(
      "the shop answered in an unexpected way (HTTP 502); try again in a moment",
    );
    const polish = await failure(
      client.points({ service: "inpost", cartId: "cart_1", search: "gda01m" }, { language: "pl" }),
    );
    expect(polish.message).toMatch(/^sklep odpowiedział w nieoczekiwany sposób \(HTTP 502\)/);
    for (const error of [english, polish]) expect(error.message).not.toMatch(/<|\.js:/);
  });

  it("asks with the publishable key, the language and the search as the route reads it", () => {
    const last = seen.at(-1);
    expect(last?.url).toBe(
      "/store/shipbridge/pickup-points?service=inpost&cart_id=cart_1&code=GDA01M",
    );
    expect(last?.headers["x-publishable-api-key"]).toBe("pk_test");
    expect(String(last?.headers["accept-language"])).toMatch(/^pl/);
  });

  it("says when the store cannot be reached", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const client = createPickupClient({
      baseUrl: `http://127.0.0.1:${port}`,
      publishableKey: "pk",
    });
    const error = await failure(client.choose("so_1", "cart_1", "GDA01M"));
    expect(error).toMatchObject({ code: "network_error", status: undefined });
    expect(error.message).toBe(
      "the shop could not be reached; check your connection and try again",
    );
  });
});
