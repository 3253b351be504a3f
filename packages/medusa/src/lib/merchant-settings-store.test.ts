// Reading the merchant's settings on a real PostgreSQL, with the module's
// own migration: none saved (or no such table: the provider alone) means
// medusa-config.ts's options; a save is seen by another process once what it
// read has aged (5 s), and at once by the process that saved (it forgets).
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Migration20261126170000 } from "../modules/shipbridge/migrations/Migration20261126170000.ts";
import type { RawExecute } from "./medusa-fulfillments.ts";
import {
  forgetMerchantSettings,
  optionsInForce,
  readMerchantSettings,
  SETTINGS_TTL_MS,
} from "./merchant-settings-store.ts";
import { parsePluginOptions } from "./options.ts";

const databaseUrl = process.env["SHIPBRIDGE_TEST_TOKENS_DATABASE_URL"] ?? "";
const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });

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
  });
});
