// What happens when a returns/* job has failed its last retry (the service
// or Shopify was down longer than the queue waits): after returns/cancel or
// returns/decline the return, when the app holds a row for it, needs
// attention (`cancellation_unconfirmed`, in English and Polish), so its
// parcel is not left paid unseen, and the returns pass cancels it once the
// service answers; after returns/approve a return still being bought or not
// yet attached needs attention (`gave_up`), and the merchant's Retry
// (ShopMerchant.retryReturn) finds its parcel and attaches it.
import type pg from "pg";
import { returnGid } from "../returns/read-return.ts";
import { returnIdIn } from "../returns/return-events.ts";
import { returnProblem } from "../returns/return-issues.ts";
import { loadDelivery } from "../store/inbox.ts";
import { recordReturnCancelUnconfirmed, recordReturnGivenUp } from "../store/returns.ts";

const CANCEL_TOPICS: readonly string[] = ["returns/cancel", "returns/decline"];

export async function giveUpReturnDelivery(pool: pg.Pool, webhookId: string): Promise<void> {
  const entry = await loadDelivery(pool, webhookId);
  if (!entry) return;
  const id = returnIdIn(entry.payload);
  if (id === undefined) return;
  if (CANCEL_TOPICS.includes(entry.topic)) {
    await recordReturnCancelUnconfirmed(
      pool,
      entry.shop,
      returnGid(id),
      returnProblem("cancellation_unconfirmed"),
    );
  } else if (entry.topic === "returns/approve") {
    await recordReturnGivenUp(pool, entry.shop, returnGid(id), returnProblem("gave_up"));
  }
}
