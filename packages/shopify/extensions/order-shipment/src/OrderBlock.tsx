// The order page's card (admin.order-details.block.render): the order's
// shipment as the app holds it, its label's print link, and the buttons
// that apply: Ship (waiting), Retry (needs attention) and Change pickup
// point (an order to a point, not shipped yet), whose code the app checks
// at the shipping service before it saves it.
import "@shopify/ui-extensions/preact";
import type { Api } from "@shopify/ui-extensions/admin.order-details.block.render";
import { render } from "preact";
import { useCallback, useEffect, useState } from "preact/hooks";
import {
  appJson,
  type Issue,
  type Language,
  numericId,
  type Refusal,
  refusalText,
} from "../../shared/app-api.ts";
import { texts } from "../../shared/texts.ts";

declare const shopify: Api;

interface OrderCard {
  readonly orderName: string;
  readonly status: string;
  readonly service: string | null;
  readonly pickupPoint: string | null;
  readonly trackingNumber: string | null;
  readonly trackingUrl: string | null;
  readonly labelUrl: string | null;
  readonly problems: readonly Issue[];
  readonly actions: {
    readonly ship: boolean;
    readonly retry: boolean;
    readonly changePoint: boolean;
  };
}

type Notice = {
  readonly tone: "success" | "critical";
  readonly text: string;
  readonly issues?: readonly Issue[];
};

const TONES: Record<string, "success" | "critical" | "warning" | "info" | "neutral"> = {
  fulfilled: "success",
  shipped: "success",
  needs_attention: "critical",
  cancelled_after_order: "warning",
  shipping: "info",
};

export default async () => {
  render(<OrderBlock orderId={numericId(shopify.data.selected[0]?.id)} />, document.body);
};

function OrderBlock({ orderId }: { orderId: string }) {
  const [language, setLanguage] = useState<Language>("pl");
  const [order, setOrder] = useState<OrderCard | null>(null);
  const [failure, setFailure] = useState<Refusal | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState(false);
  const [code, setCode] = useState("");
  const t = texts(language);

  const load = useCallback(async () => {
    const answer = await appJson<{ language: Language; order: OrderCard }>(
      `/extension-api/orders/${orderId}`,
    );
    if (answer.ok) {
      setLanguage(answer.data.language);
      setOrder(answer.data.order);
      setFailure(null);
    } else {
      setFailure(answer.refusal);
    }
  }, [orderId]);

  useEffect(() => {
    void load();
  }, [load]);

  const ship = async () => {
    setBusy(true);
    const answer = await appJson(`/extension-api/orders/${orderId}/ship`, { body: {} });
    setNotice(
      answer.ok
        ? { tone: "success", text: t.queued }
        : { tone: "critical", text: refusalText(answer.refusal, language) },
    );
    await load();
    setBusy(false);
  };

  const savePoint = async () => {
    setBusy(true);
    const answer = await appJson<{ pickupPoint: { code: string } }>(
      `/extension-api/orders/${orderId}/pickup-point?language=${language}`,
      { body: { code } },
    );
    if (answer.ok) {
      setNotice({ tone: "success", text: t.pointSaved(answer.data.pickupPoint.code) });
      setEditing(false);
      setCode("");
      await load();
    } else {
      setNotice({
        tone: "critical",
        text: refusalText(answer.refusal, language),
        ...(answer.refusal.issues ? { issues: answer.refusal.issues } : {}),
      });
    }
    setBusy(false);
  };

  if (failure && !order) {
    return (
      <s-admin-block heading={t.appName}>
        <s-banner tone="critical">{refusalText(failure, language)}</s-banner>
      </s-admin-block>
    );
  }
  if (!order) {
    return (
      <s-admin-block heading={t.appName}>
        <s-text>{t.loading}</s-text>
      </s-admin-block>
    );
  }
  return (
    <s-admin-block heading={t.appName}>
      <s-stack gap="base">
        {notice ? (
          <s-banner tone={notice.tone}>
            {notice.text}
            {notice.issues?.map((issue) => (
              <s-paragraph key={issue.path}>{issue.message}</s-paragraph>
            ))}
          </s-banner>
        ) : null}
        <s-stack direction="inline" gap="small">
          <s-badge tone={TONES[order.status] ?? "neutral"}>
            {t.status[order.status] ?? order.status}
          </s-badge>
          {order.service ? (
            <s-text>
              {t.carrier}: {order.service}
            </s-text>
          ) : null}
        </s-stack>
        {order.pickupPoint ? (
          <s-text id="pickup-point">
            {t.pickupPoint}: {order.pickupPoint}
          </s-text>
        ) : null}
        {order.trackingNumber ? (
          <s-text>
            {t.tracking}:{" "}
            {order.trackingUrl ? (
              <s-link href={order.trackingUrl} target="_blank">
                {order.trackingNumber}
              </s-link>
            ) : (
              order.trackingNumber
            )}
          </s-text>
        ) : null}
        {order.problems.length > 0 ? (
          <s-banner tone="critical" heading={t.problems}>
            {order.problems.map((problem) => (
              <s-paragraph key={problem.path}>{problem.message}</s-paragraph>
            ))}
          </s-banner>
        ) : null}
        {editing ? (
          <s-stack gap="small">
            <s-text-field
              label={t.newPointCode}
              value={code}
              onInput={(event: Event) => setCode((event.currentTarget as HTMLInputElement).value)}
              onChange={(event: Event) => setCode((event.currentTarget as HTMLInputElement).value)}
            />
            <s-stack direction="inline" gap="small">
              <s-button id="save-point" variant="primary" disabled={busy} onClick={savePoint}>
                {t.checkAndSave}
              </s-button>
              <s-button onClick={() => setEditing(false)}>{t.cancel}</s-button>
            </s-stack>
          </s-stack>
        ) : null}
        <s-stack direction="inline" gap="small">
          {order.actions.ship ? (
            <s-button id="ship" variant="primary" disabled={busy} onClick={ship}>
              {t.ship}
            </s-button>
          ) : null}
          {order.actions.retry ? (
            <s-button id="retry" variant="primary" disabled={busy} onClick={ship}>
              {t.retry}
            </s-button>
          ) : null}
          {order.actions.changePoint && !editing ? (
            <s-button id="change-point" onClick={() => setEditing(true)}>
              {t.changePoint}
            </s-button>
          ) : null}
          {order.labelUrl ? (
            <s-link id="label" href={order.labelUrl} target="_blank">
              {t.label}
            </s-link>
          ) : null}
        </s-stack>
      </s-stack>
    </s-admin-block>
  );
}
