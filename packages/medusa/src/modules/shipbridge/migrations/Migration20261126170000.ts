// The shipbridge module's fifth step: the merchant's settings saved from the
// admin, one row per store.
import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261126170000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "shipbridge_merchant_settings" ("id" text not null, "key" text not null, "values" jsonb not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "shipbridge_merchant_settings_pkey" primary key ("id"));`,
    );
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_shipbridge_merchant_settings_key_unique" ON "shipbridge_merchant_settings" ("key") WHERE deleted_at IS NULL;`,
    );
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_shipbridge_merchant_settings_deleted_at" ON "shipbridge_merchant_settings" ("deleted_at") WHERE deleted_at IS NULL;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "shipbridge_merchant_settings" cascade;`);
  }
}
