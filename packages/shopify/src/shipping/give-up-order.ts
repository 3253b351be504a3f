// An order whose shipping was given up on (its job failed its last try, or
// the instance running it died): not left in "shipping" where nobody sees
// it, but moved to "needs attention" with the error, in Polish and English,
// listed with its Retry button (an app uninstalled meanwhile says so
// instead). An order that is not being shipped any more (fulfilled,
// cancelled) is left as it is.
import type pg from "pg";
import { loadSettings } from "../store/settings.ts";
import { type IssuesByLanguage, recordNeedsAttention } from "../store/shipments.ts";
import { uninstalledIssues } from "./attention-issues.ts";

export async function markGivenUp(
  pool: pg.Pool,
  { shop, orderId }: { shop: string; orderId: string },
  attempts: number,
  error: unknown,
): Promise<void> {
  const code = (error as { code?: unknown } | null)?.code;
  const rule = typeof code === "string" ? code : "retries_exhausted";
  const detail = error instanceof Error ? error.message : String(error);
  const byLanguage: IssuesByLanguage =
    rule === "uninstalled" ? uninstalledIssues() : failedIssues(rule, attempts, detail);
  const { settings } = await loadSettings(pool, shop);
  // recordNeedsAttention touches only an order still shipping (or needing attention).
  await recordNeedsAttention(pool, shop, orderId, byLanguage[settings.language] ?? [], byLanguage);
}

function failedIssues(rule: string, attempts: number, detail: string): IssuesByLanguage {
  const times = attempts === 1 ? "1 raz" : `${attempts} razy`;
  return {
    pl_PL: [
      {
        path: "order",
        rule,
        message: `Wysyłka nie powiodła się ${times}; ponów, gdy usługa znów działa. ${detail}`,
      },
    ],
    en_GB: [
      {
        path: "order",
        rule,
        message: `Shipping failed ${attempts === 1 ? "once" : `${attempts} times`}; retry when the service is back. ${detail}`,
      },
    ],
  };
}
