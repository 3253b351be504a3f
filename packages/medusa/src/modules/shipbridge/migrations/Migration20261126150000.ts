// The shipbridge module's fourth step: a batch's order ships one package per
// shipping method of this plugin (a row per order and method), and a batch
// keeps whether it was asked for "all waiting" (the same key asking for
// something else is refused).
import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261126150000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "shipbridge_batch_order" add column if not exists "shipping_method_id" text null;`,
    );
    this.addSql(`drop index if exists "IDX_shipbridge_batch_order_batch_id_order_id_unique";`);
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_shipbridge_batch_order_batch_id_order_id_shipping_method_id_unique" ON "shipbridge_batch_order" ("batch_id", "order_id", "shipping_method_id") WHERE deleted_at IS NULL;`,
    );
    this.addSql(
      `alter table if exists "shipbridge_batch" add column if not exists "all_waiting" boolean not null default false;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(
      `drop index if exists "IDX_shipbridge_batch_order_batch_id_order_id_shipping_method_id_unique";`,
    );
    this.addSql(
      `alter table if exists "shipbridge_batch_order" drop column if exists "shipping_method_id";`,
    );
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_shipbridge_batch_order_batch_id_order_id_unique" ON "shipbridge_batch_order" ("batch_id", "order_id") WHERE deleted_at IS NULL;`,
    );
    this.addSql(`alter table if exists "shipbridge_batch" drop column if exists "all_waiting";`);
  }
}
