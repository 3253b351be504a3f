// One connection (one PostgreSQL pool) per process and options: the provider
// and the module share it, and it closes when its last holder does.
import { SENDER } from "@shipbridge/core/testing";
import { describe, expect, it } from "vitest";
import { sharedConnection, sharedConnectionKey } from "./connection.ts";
import { pluginOptions } from "./options.ts";

const databaseUrl = process.env["SHIPBRIDGE_TEST_TOKENS_DATABASE_URL"] ?? "";

function options(storeId: string) {
  return pluginOptions({
    clientId: "demo-client",
    clientSecret: "demo-secret",
    storeId,
    databaseUrl,
    sender: SENDER,
    services: [{ service: "dpd" }],
    flatPrice: 19.99,
  });
}

describe("sharedConnection", () => {
  it("keys a shared connection by a hash that holds no secret", () => {
    const key = sharedConnectionKey(options("shared-key"), "postgres://u:db-password@h/db");
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(key).not.toMatch(/demo-secret|db-password/);
    expect(sharedConnectionKey(options("shared-key"), "postgres://u:db-password@h/db")).toBe(key);
    expect(sharedConnectionKey(options("other-key"), "postgres://u:db-password@h/db")).not.toBe(
      key,
    );
  });

  it("shares one pool between holders of the same options, until the last closes", async () => {
    // Two options objects as Medusa hands them to the provider and the module.
    const provider = sharedConnection(options("shared-a"), databaseUrl);
    const module = sharedConnection(options("shared-a"), databaseUrl);
    const other = sharedConnection(options("shared-b"), databaseUrl);
    expect(module.pool).toBe(provider.pool);
    expect(module.ledger).toBe(provider.ledger);
    expect(module.store).toBe(provider.store);
    expect(other.pool).not.toBe(provider.pool);

    await provider.close();
    await provider.close(); // a second close of one holder changes nothing
    // The module's handle still works on the shared pool.
    const { rows } = await module.pool.query("select 1 as one");
    expect(rows[0]).toEqual({ one: 1 });
    expect(await module.ledger.get("no-such-key")).toBeUndefined();

    await module.close();
    expect(module.pool.ended).toBe(true);
    // A later holder opens a new pool.
    const again = sharedConnection(options("shared-a"), databaseUrl);
    expect(again.pool).not.toBe(module.pool);
    await Promise.all([again.close(), other.close()]);
  });
});
