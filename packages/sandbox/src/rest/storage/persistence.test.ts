// With a data file, the REST API's state survives a restart: packages, their
// order and tracking numbers, commands (still idempotent), charges, templates,
// webhooks and the price calculations already seen.
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { RestSandbox, sampleV2 } from "../testing/rest-fixture.ts";

const dir = mkdtempSync(join(tmpdir(), "sandbox-rest-data-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the REST API's state in a data file", () => {
  it("keeps packages, orders, commands and quotes across a restart", async () => {
    const dataFile = join(dir, "sandbox.sqlite");
    const uuid = randomUUID();
    const quote = {
      package: {
        pickup: { postcode: "00-590", country_code: "PL" },
        receiver: { postcode: "31-019", country_code: "PL" },
        parcels: [{ width: 10, depth: 10, height: 10, weight: 1, type: "package" }],
      },
      services: { service: ["dpd"] },
    };
    const first = await RestSandbox.start({ dataFile });
    const created = await first.call("POST", "/packages", {
      version: 2,
      body: sampleV2({ user_reference_number: "KEEP-1" }),
    });
    const id = created.body.package_id;
    const ordered = await first.call("PUT", `/order-commands/${uuid}`, {
      body: { packages: [{ id }] },
    });
    await first.call("PUT", "/account/tracking-webhook", {
      body: { url: "http://127.0.0.1:9/never", secret: "0123456789abcdef" },
    });
    expect(
      (await first.call("POST", "/packages/calculate-price", { version: 2, body: quote })).body
        .calculation_pending_in_background,
    ).toBe(true);
    const numbers = (await first.call("GET", `/packages/${id}`, { version: 2 })).body.parcels.map(
      (p: { package_no: string }) => p.package_no,
    );
    await first.close();

    const second = await RestSandbox.start({ dataFile });
    try {
      const found = await second.call("GET", "/packages?user_reference_number=KEEP-1", {
        version: 2,
      });
      expect(found.body.packages.map((p: { package_id: number }) => p.package_id)).toEqual([id]);
      expect(
        found.body.packages[0].parcels.map((p: { package_no: string }) => p.package_no),
      ).toEqual(numbers);
      const again = await second.call("PUT", `/order-commands/${uuid}`, {
        body: { packages: [{ id }] },
      });
      expect(again.body.datetime_add).toBe(ordered.body.datetime_add);
      expect((await second.call("GET", "/account/tracking-webhook")).body.url).toBe(
        "http://127.0.0.1:9/never",
      );
      expect(
        (await second.call("POST", "/packages/calculate-price", { version: 2, body: quote })).body
          .calculation_pending_in_background,
      ).toBe(false);
    } finally {
      await second.close();
    }
  });
});
