// The shipbridge module's third step: shipping-day batches and their orders.
import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261126090000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "shipbridge_batch" ("id" text not null, "key" text not null, "state" text not null, "phase" text not null, "location_id" text null, "total" integer not null, "created" integer not null default 0, "ordered" integer not null default 0, "labelled" integer not null default 0, "fulfilled" integer not null default 0, "failed" integer not null default 0, "remaining_ms" integer null, "progress_at" timestamptz null, "runner" text null, "lease_until" timestamptz null, "runs" integer not null default 0, "finished_at" timestamptz null, "pickups" jsonb null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "shipbridge_batch_pkey" primary key ("id"));`,
    );
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_shipbridge_batch_key_unique" ON "shipbridge_batch" ("key") WHERE deleted_at IS NULL;`,
    );
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_shipbridge_batch_deleted_at" ON "shipbridge_batch" ("deleted_at") WHERE deleted_at IS NULL;`,
    );
    this.addSql(
      `create table if not exists "shipbridge_batch_order" ("id" text not null, "batch_id" text not null, "order_id" text not null, "state" text not null, "shipment_key" text null, "package_id" integer null, "service" text null, "fulfillment_id" text null, "fulfilled_by" text null, "code" text null, "messages" jsonb null, "issues" jsonb null, "retryable" boolean not null default false, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "shipbridge_batch_order_pkey" primary key ("id"));`,
    );
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_shipbridge_batch_order_batch_id_order_id_unique" ON "shipbridge_batch_order" ("batch_id", "order_id") WHERE deleted_at IS NULL;`,
    );
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_shipbridge_batch_order_deleted_at" ON "shipbridge_batch_order" ("deleted_at") WHERE deleted_at IS NULL;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "shipbridge_batch_order" cascade;`);
    this.addSql(`drop table if exists "shipbridge_batch" cascade;`);
  }
}
