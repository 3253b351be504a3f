// What happens when a returns/cancel or returns/decline job has failed its
// last retry (the service or Shopify was down longer than the queue waits):
// the return, when the app holds a row for it, needs attention
// (`cancellation_unconfirmed`, in English and Polish), so its parcel is not
// left paid unseen; the returns pass cancels it once the service answers.
import type pg from "pg";
import { returnGid } from "../returns/read-return.ts";
import { returnIdIn } from "../returns/return-events.ts";
import { returnProblem } from "../returns/return-issues.ts";
import { loadDelivery } from "../store/inbox.ts";
import { recordReturnCancelUnconfirmed } from "../store/returns.ts";

const CANCEL_TOPICS: readonly string[] = ["returns/cancel", "returns/decline"];

export async function giveUpReturnCancellation(pool: pg.Pool, webhookId: string): Promise<void> {
  const entry = await loadDelivery(pool, webhookId);
  if (!entry || !CANCEL_TOPICS.includes(entry.topic)) return;
  const id = returnIdIn(entry.payload);
  if (id === undefined) return;
  await recordReturnCancelUnconfirmed(
    pool,
    entry.shop,
    returnGid(id),
    returnProblem("cancellation_unconfirmed"),
  );
}
