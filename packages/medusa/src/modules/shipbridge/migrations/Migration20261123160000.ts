// The shipbridge module's second step: connect requests and the account link
// (the authorization-code grant), and a shipment's order, point and price.
import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261123160000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "shipbridge_shipment" add column if not exists "order_id" text null, add column if not exists "point_id" text null, add column if not exists "price" jsonb null;`,
    );
    this.addSql(
      `create table if not exists "shipbridge_connect_request" ("id" text not null, "state_hash" text not null, "return_to" text not null, "expires_at" timestamptz not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "shipbridge_connect_request_pkey" primary key ("id"));`,
    );
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_shipbridge_connect_request_state_hash_unique" ON "shipbridge_connect_request" ("state_hash") WHERE deleted_at IS NULL;`,
    );
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_shipbridge_connect_request_deleted_at" ON "shipbridge_connect_request" ("deleted_at") WHERE deleted_at IS NULL;`,
    );
    this.addSql(
      `create table if not exists "shipbridge_account_link" ("id" text not null, "key" text not null, "state" text not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "shipbridge_account_link_pkey" primary key ("id"));`,
    );
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_shipbridge_account_link_key_unique" ON "shipbridge_account_link" ("key") WHERE deleted_at IS NULL;`,
    );
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_shipbridge_account_link_deleted_at" ON "shipbridge_account_link" ("deleted_at") WHERE deleted_at IS NULL;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "shipbridge_connect_request" cascade;`);
    this.addSql(`drop table if exists "shipbridge_account_link" cascade;`);
    this.addSql(
      `alter table if exists "shipbridge_shipment" drop column if exists "order_id", drop column if exists "point_id", drop column if exists "price";`,
    );
  }
}
