// The order page's shipment widget: the order's shipments (a return's parcel
// too) with tracking and labels, its pickup point and "Change pickup point"
// before the parcel is bought, what failed to ship with "Retry", and
// connecting the account (the service's authorization pages) when asked;
// in the admin's language.
import { defineWidgetConfig } from "@medusajs/admin-sdk";
import type { AdminOrder, DetailWidgetProps } from "@medusajs/framework/types";
import { useCallback, useEffect, useState } from "react";
import { type PickupPointAnswer, PickupPointEditor } from "../components/pickup-point-editor.tsx";
import { type ShipmentFailure, ShipmentFailures } from "../components/shipment-failures.tsx";
import { ShipmentPanel, type ShipmentsAnswer } from "../components/shipment-panel.tsx";
import { adminJson } from "../lib/admin-fetch.ts";
import { adminLanguage } from "../lib/admin-language.ts";
import { messagesFor } from "../lib/messages.ts";

const POLL_MS = 1_000;
const RETRY_LIMIT_MS = 180_000;

/** The order shipped again as a batch of its own; resolves once that batch is done. */
async function shipAgain(orderId: string): Promise<void> {
  const key = `admin-retry-${orderId}-${Date.now()}`;
  const { batch } = await adminJson<{ batch: { id: string; state: string } }>(
    "/admin/shipbridge/batches",
    { body: { key, order_ids: [orderId] } },
  );
  const deadline = Date.now() + RETRY_LIMIT_MS;
  let state = batch.state;
  while (state !== "done" && Date.now() < deadline) {
    await new Promise((wake) => setTimeout(wake, POLL_MS));
    state = (await adminJson<{ batch: { state: string } }>(`/admin/shipbridge/batches/${batch.id}`))
      .batch.state;
  }
}

const ShipmentStatusWidget = ({ data: order }: DetailWidgetProps<AdminOrder>) => {
  const text = messagesFor(adminLanguage());
  const [answer, setAnswer] = useState<ShipmentsAnswer | undefined>();
  const [failed, setFailed] = useState(false);
  const [connecting, setConnecting] = useState(false);
  const [pickup, setPickup] = useState<PickupPointAnswer | undefined>();
  const [failures, setFailures] = useState<ShipmentFailure[]>([]);
  const [retrying, setRetrying] = useState(false);
  const [retryError, setRetryError] = useState<string | undefined>();

  const load = useCallback(() => {
    adminJson<ShipmentsAnswer>(`/admin/shipbridge/orders/${order.id}/shipments`)
      .then((body) => setAnswer(body))
      .catch(() => setFailed(true));
    adminJson<PickupPointAnswer>(`/admin/shipbridge/orders/${order.id}/pickup-point`)
      .then((body) => setPickup(body))
      // An order not shipped to a pickup point has none to show.
      .catch(() => setPickup(undefined));
    adminJson<{ failures: ShipmentFailure[] }>(`/admin/shipbridge/orders/${order.id}/failures`)
      .then((body) => setFailures(body.failures))
      .catch(() => setFailures([]));
  }, [order.id]);
  useEffect(load, [load]);

  const connect = () => {
    setConnecting(true);
    adminJson<{ authorization_url: string }>("/admin/shipbridge/connection", {
      body: { return_to: window.location.href },
    })
      .then((body) => {
        window.location.assign(body.authorization_url);
      })
      .catch(() => {
        setConnecting(false);
        setFailed(true);
      });
  };

  const retry = () => {
    setRetrying(true);
    setRetryError(undefined);
    shipAgain(order.id)
      .catch((error: Error) => setRetryError(error.message))
      .finally(() => {
        setRetrying(false);
        load();
      });
  };

  return (
    <div data-shipbridge="widget">
      <ShipmentPanel
        answer={answer}
        failed={failed}
        connecting={connecting}
        onConnect={connect}
        text={text}
      >
        {pickup === undefined ? null : (
          <PickupPointEditor orderId={order.id} answer={pickup} text={text} onChanged={load} />
        )}
        <ShipmentFailures
          failures={failures}
          text={text}
          retrying={retrying}
          error={retryError}
          onRetry={retry}
        />
      </ShipmentPanel>
    </div>
  );
};

export const config = defineWidgetConfig({
  zone: "order.details.side.after",
});

export default ShipmentStatusWidget;
