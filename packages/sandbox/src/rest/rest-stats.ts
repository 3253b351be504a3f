// Counts of what the REST API has done, for the sandbox's test controls
// (GET /_sandbox/stats): packages, commands of every kind (ordering,
// cancelling, documents, courier pickups and the pickups cancelled), charges
// and refunds (so a test can prove that a retried order charged once), and
// tracking pushes.
import type { SandboxContext } from "../context.ts";
import { Charges } from "./orders/charges.ts";

export interface RestStats {
  readonly packages: number;
  readonly ordered_packages: number;
  readonly canceled_packages: number;
  readonly order_commands: number;
  readonly cancel_commands: number;
  readonly documents_commands: number;
  readonly pickup_commands: number;
  /** Pickup commands cancelled (DELETE /pickup-commands/{uuid}). */
  readonly pickup_cancellations: number;
  readonly charges: number;
  readonly refunds: number;
  /** Charged minus refunded, PLN gross. */
  readonly balance_gross: number;
  readonly tracking_pushes_delivered: number;
  readonly tracking_pushes_failed: number;
}

function count(ctx: SandboxContext, sql: string): number {
  return Number((ctx.db.sql.prepare(sql).get() as { n: number | null }).n ?? 0);
}

export function restStats(ctx: SandboxContext): RestStats {
  const totals = new Charges(ctx.db).totals();
  return {
    packages: count(ctx, "SELECT COUNT(*) AS n FROM rest_packages"),
    ordered_packages: count(
      ctx,
      "SELECT COUNT(*) AS n FROM rest_packages WHERE order_command IS NOT NULL",
    ),
    canceled_packages: count(
      ctx,
      "SELECT COUNT(*) AS n FROM rest_packages WHERE cancel_command IS NOT NULL",
    ),
    order_commands: count(ctx, "SELECT COUNT(*) AS n FROM rest_commands WHERE kind = 'order'"),
    cancel_commands: count(ctx, "SELECT COUNT(*) AS n FROM rest_commands WHERE kind = 'cancel'"),
    documents_commands: count(
      ctx,
      "SELECT COUNT(*) AS n FROM rest_commands WHERE kind = 'documents'",
    ),
    pickup_commands: count(ctx, "SELECT COUNT(*) AS n FROM rest_commands WHERE kind = 'pickup'"),
    pickup_cancellations: count(
      ctx,
      "SELECT COUNT(*) AS n FROM rest_commands WHERE kind = 'pickup' AND cancelled_at IS NOT NULL",
    ),
    charges: totals.charges,
    refunds: totals.refunds,
    balance_gross: totals.balanceGross / 100,
    tracking_pushes_delivered: count(
      ctx,
      "SELECT COUNT(*) AS n FROM rest_tracking_deliveries WHERE delivered_at IS NOT NULL",
    ),
    tracking_pushes_failed: count(
      ctx,
      "SELECT COUNT(*) AS n FROM rest_tracking_deliveries WHERE delivered_at IS NULL AND attempts > 0",
    ),
  };
}
