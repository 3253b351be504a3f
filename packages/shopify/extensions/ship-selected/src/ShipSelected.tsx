// "Ship with shipbridge" (admin.order-index.selection-action.render): the
// orders selected on the orders list ship as one batch of the shipping day
// (the app's orders page's batch: the same orders asked twice are one
// batch), and the modal follows it until it is done, with the orders that
// need attention and why.
import "@shopify/ui-extensions/preact";
import type { Api } from "@shopify/ui-extensions/admin.order-index.selection-action.render";
import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import {
  appJson,
  type Issue,
  type Language,
  type Refusal,
  refusalText,
} from "../../shared/app-api.ts";
import { texts } from "../../shared/texts.ts";

declare const shopify: Api;

/** How often the modal asks how the batch is doing. */
const POLL_MS = 1500;

interface BatchOrder {
  readonly orderName: string;
  readonly outcome: string;
  readonly problems: readonly Issue[];
}

interface Batch {
  readonly id: string;
  readonly status: string;
  readonly total: number;
  readonly progress: { readonly percent: number };
  readonly counts: Readonly<Record<string, number>>;
  readonly orders?: readonly BatchOrder[];
}

export default async () => {
  render(<ShipSelected orderIds={shopify.data.selected.map((order) => order.id)} />, document.body);
};

function ShipSelected({ orderIds }: { orderIds: readonly string[] }) {
  const [language, setLanguage] = useState<Language>("pl");
  const [batch, setBatch] = useState<Batch | null>(null);
  const [failure, setFailure] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);
  const t = texts(language);

  useEffect(() => {
    void appJson<{ language: Language }>("/extension-api/shop").then((answer) => {
      if (answer.ok) setLanguage(answer.data.language);
    });
  }, []);

  useEffect(() => {
    if (!batch || batch.status === "done") return;
    const timer = setTimeout(async () => {
      const answer = await appJson<{ language: Language; batch: Batch }>(
        `/extension-api/batches/${batch.id}`,
      );
      if (answer.ok) setBatch(answer.data.batch);
      else setFailure(answer.refusal);
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [batch]);

  const ship = async () => {
    setBusy(true);
    setFailure(null);
    const answer = await appJson<{ language: Language; batch: Batch }>("/extension-api/batches", {
      body: { orderIds },
    });
    if (answer.ok) {
      setLanguage(answer.data.language);
      setBatch(answer.data.batch);
    } else {
      setFailure(answer.refusal);
    }
    setBusy(false);
  };

  const attention = batch?.orders?.filter((order) => order.outcome === "needs_attention") ?? [];
  const done = batch?.status === "done";
  return (
    <s-admin-action heading={t.shipSelected} loading={busy}>
      <s-stack gap="base">
        {failure ? <s-banner tone="critical">{refusalText(failure, language)}</s-banner> : null}
        {batch ? (
          <s-text id="progress">
            {done
              ? t.batchDone(batch.counts.fulfilled ?? 0, batch.total)
              : t.batchRunning(batch.progress.percent)}
          </s-text>
        ) : (
          <s-text>{t.shipCount(orderIds.length)}</s-text>
        )}
        {attention.length > 0 ? (
          <s-banner tone="critical" heading={t.needsAttention(attention.length)}>
            {attention.map((order) => (
              <s-paragraph key={order.orderName}>
                {order.orderName}: {order.problems.map((problem) => problem.message).join("; ")}
              </s-paragraph>
            ))}
          </s-banner>
        ) : null}
      </s-stack>
      <s-button
        id="ship"
        slot="primary-action"
        variant="primary"
        disabled={busy || batch !== null}
        onClick={ship}
      >
        {t.shipButton}
      </s-button>
      <s-button slot="secondary-actions" onClick={() => shopify.close()}>
        {t.close}
      </s-button>
    </s-admin-action>
  );
}
