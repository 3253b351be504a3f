// Reading the merchant's settings on a real PostgreSQL, with the module's
// own migration: none saved (or no such table: the provider alone) means
// medusa-config.ts's options; a save is seen by another process once what it
// read has aged (5 s), at once by the process that saved (it forgets) and by
// a fresh read (a purchase). A save is one upsert: never a moment without a
// row. Only a missing table means "no settings": a denied read is an error.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Migration20261126170000 } from "../modules/shipbridge/migrations/Migration20261126170000.ts";
import type { RawExecute } from "./medusa-fulfillments.ts";
import {
  forgetMerchantSettings,
  optionsInForce,
  readMerchantSettings,
  removeMerchantSettings,
  SETTINGS_TTL_MS,
  writeMerchantSettings,
} from "./merchant-settings-store.ts";
import { parsePluginOptions } from "./options.ts";

const databaseUrl = process.env["SHIPBRIDGE_TEST_TOKENS_DATABASE_URL"] ?? "";
const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
// An idle client ended by the database's stop after the run is no failure.
db.on("error", () => {});

/** MikroORM's `execute` as the provider gets it: `?` placeholders. */
const execute: RawExecute = {
  async execute(sql, params = []) {
    let index = 0;
    const { rows } = await db.query(
      sql.replace(/\?/g, () => `$${++index}`),
      params as unknown[],
    );
    return rows;
  },
};

const defaults = parsePluginOptions({
  clientId: "demo-client",
  clientSecret: "demo-secret",
  storeId: "store-a",
  sender: {
    name: "Sklep Kowalski",
    street: "ul. Marszałkowska 1",
    postcode: "00-624",
    city: "Warszawa",
    country_code: "PL",
    phone: "501234567",
  },
  services: [{ service: "inpost", pickup_point: true }],
  flatPrice: 19.99,
});

async function save(key: string, values: unknown): Promise<void> {
  await db.query(`delete from "shipbridge_merchant_settings" where "key" = $1`, [key]);
  await db.query(
    `insert into "shipbridge_merchant_settings" ("id", "key", "values") values ($1, $2, $3)`,
    [`sbset_${key}_${Date.now()}`, key, JSON.stringify(values)],
  );
}

describe("the merchant's settings in PostgreSQL", () => {
  it("means no settings while the module's table does not exist", async () => {
    expect(await readMerchantSettings(execute, "no-table", 0)).toBeUndefined();
    expect(await optionsInForce(execute, { ...defaults, storeId: "no-table" })).toEqual({
      ...defaults,
      storeId: "no-table",
    });
  });

  describe("with the module's migration", () => {
    beforeAll(async () => {
      const migration = new Migration20261126170000({} as never, {} as never) as unknown as {
        up(): Promise<void>;
        getQueries(): { sql: string }[];
      };
      await migration.up();
      for (const query of migration.getQueries()) await db.query(String(query.sql ?? query));
    });

    afterAll(async () => {
      await db.end();
    });

    it("reads a save after what it read has aged, or at once after forgetting", async () => {
      expect(await optionsInForce(execute, defaults)).toEqual(defaults);
      forgetMerchantSettings("store-a");
      const t0 = Date.now();
      expect(await readMerchantSettings(execute, "store-a", t0)).toBeUndefined();

      const services = [{ service: "dpd", pickup_point: false, returns: true }];
      await save("store-a", { services });
      // Another instance's save: what this process read stays for a while.
      expect(await readMerchantSettings(execute, "store-a", t0 + 1_000)).toBeUndefined();
      expect(await readMerchantSettings(execute, "store-a", t0 + SETTINGS_TTL_MS)).toEqual({
        services,
      });

      // This process's save: forgotten at once.
      await save("store-a", { cod: null });
      forgetMerchantSettings("store-a");
      expect(await readMerchantSettings(execute, "store-a", t0 + SETTINGS_TTL_MS + 1)).toEqual({
        cod: null,
      });
      // Another store's settings are its own.
      expect(await readMerchantSettings(execute, "store-b", t0)).toBeUndefined();
      forgetMerchantSettings("store-a");
      const inForce = await optionsInForce(execute, defaults);
      expect(inForce.services).toEqual(defaults.services);
      expect(inForce.cod).toBeUndefined();
    });

    it("reads afresh when asked, whatever this process kept", async () => {
      forgetMerchantSettings("store-f");
      const t0 = Date.now();
      expect(await readMerchantSettings(execute, "store-f", t0)).toBeUndefined();
      const sender = { ...defaults.sender, name: "Sklep Nowak" };
      // Another instance's save, within what this process keeps.
      await save("store-f", { sender });
      expect(await readMerchantSettings(execute, "store-f", t0 + 1)).toBeUndefined();
      expect(await readMerchantSettings(execute, "store-f", t0 + 1, true)).toEqual({ sender });
      await save("store-f", { cod: null });
      const inForce = await optionsInForce(execute, { ...defaults, storeId: "store-f" }, true);
      expect(inForce.cod).toBeUndefined();
      expect(inForce.sender).toEqual(defaults.sender);
    });

    it("saves in one statement: readers see the old row or the new one, never none", async () => {
      const first = { services: [{ service: "dpd", pickup_point: false, returns: true }] };
      expect(await writeMerchantSettings(execute, "store-u", first)).toBeUndefined();
      const values = (n: number) => ({ sender: { ...defaults.sender, name: `Sklep ${n}` } });
      const seen: unknown[] = [];
      let saving = true;
      const reader = (async () => {
        while (saving) seen.push(await readMerchantSettings(execute, "store-u", Date.now(), true));
      })();
      const previous = await Promise.all(
        Array.from({ length: 20 }, (_, n) => writeMerchantSettings(execute, "store-u", values(n))),
      );
      saving = false;
      await reader;
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.filter((settings) => settings === undefined)).toEqual([]);
      // Each save answers what was saved before it; one row is left.
      expect(previous.filter((settings) => settings === undefined)).toEqual([]);
      const { rows } = await db.query(
        `select "values" from "shipbridge_merchant_settings" where "key" = 'store-u' and "deleted_at" is null`,
      );
      expect(rows).toHaveLength(1);
      expect(await readMerchantSettings(execute, "store-u", Date.now(), true)).toEqual(
        rows[0]?.["values"],
      );
      await removeMerchantSettings(execute, "store-u");
      expect(await readMerchantSettings(execute, "store-u", Date.now(), true)).toBeUndefined();
    });

    it("takes only a missing table for no settings: a denied read is an error", async () => {
      await db.query(`drop role if exists "shipbridge_no_settings"`);
      await db.query(`create role "shipbridge_no_settings"`);
      const client = await db.connect();
      try {
        await client.query(`set role "shipbridge_no_settings"`);
        const denied: RawExecute = {
          async execute(sql, params = []) {
            let index = 0;
            const text = sql.replace(/\?/g, () => `$${++index}`);
            return (await client.query(text, params as unknown[])).rows;
          },
        };
        forgetMerchantSettings("store-d");
        // The error names the table, yet it is no answer: it reaches the caller.
        await expect(readMerchantSettings(denied, "store-d", Date.now())).rejects.toThrow(
          /permission denied for table shipbridge_merchant_settings/,
        );
      } finally {
        await client.query("reset role");
        client.release();
        await db.query(`drop role if exists "shipbridge_no_settings"`);
      }
    });
  });
});
