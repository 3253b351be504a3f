// The shipping page (under Orders in the sidebar, at /app/shipbridge): the
// orders waiting for a parcel, the selected ones shipped as one batch of the
// plugin's shipping day with its progress while it runs, then the batch's
// labels as one file, its handover protocols and the courier's booking.
import { defineRouteConfig } from "@medusajs/admin-sdk";
import { Button, Checkbox, Container, Heading, Text } from "@medusajs/ui";
import { useCallback, useEffect, useState } from "react";
import { BatchPanel } from "../../components/batch-panel.tsx";
import { adminJson } from "../../lib/admin-fetch.ts";
import { adminLanguage } from "../../lib/admin-language.ts";
import { messagesFor } from "../../lib/messages.ts";

interface WaitingOrder {
  id: string;
  display_id: number | null;
  email: string | null;
  created_at: string | null;
  customer: string | null;
  city: string | null;
  shipping: string[];
}

/** A batch key: one per "ship" click, so a double click answers the same batch. */
function batchKey(): string {
  const random = globalThis.crypto?.randomUUID?.();
  return `admin-${random ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`}`;
}

const ShippingPage = () => {
  const text = messagesFor(adminLanguage());
  const [orders, setOrders] = useState<WaitingOrder[] | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [batchId, setBatchId] = useState<string | undefined>();
  const [starting, setStarting] = useState(false);
  const [running, setRunning] = useState(false);

  const load = useCallback(() => {
    adminJson<{ orders: WaitingOrder[] }>("/admin/shipbridge/waiting-orders")
      .then((body) => {
        setOrders(body.orders);
        setSelected(new Set());
      })
      .catch((failure: Error) => setError(failure.message));
  }, []);
  useEffect(load, [load]);

  const toggle = (id: string) =>
    setSelected((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allSelected = orders !== undefined && orders.length > 0 && selected.size === orders.length;

  const ship = () => {
    setStarting(true);
    setError(undefined);
    adminJson<{ batch: { id: string } }>("/admin/shipbridge/batches", {
      body: { key: batchKey(), order_ids: [...selected] },
    })
      .then((body) => {
        setRunning(true);
        setBatchId(body.batch.id);
      })
      .catch((failure: Error) => setError(failure.message))
      .finally(() => setStarting(false));
  };

  return (
    <div className="flex flex-col gap-y-3" data-shipbridge="shipping-page">
      <Container className="divide-y p-0">
        <div className="flex flex-col gap-2 px-6 py-4">
          <Heading level="h1">{text.shippingTitle}</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            {text.shippingIntro}
          </Text>
        </div>
        {error === undefined ? null : (
          <Text className="px-6 py-4 text-ui-fg-error" data-shipbridge="error" role="alert">
            {error}
          </Text>
        )}
        {orders === undefined ? (
          error === undefined ? (
            <Text className="px-6 py-4">{text.loading}</Text>
          ) : null
        ) : orders.length === 0 ? (
          <Text className="px-6 py-4" data-shipbridge="none-waiting">
            {text.noneWaiting}
          </Text>
        ) : (
          <>
            <div className="flex flex-wrap items-center justify-between gap-3 px-6 py-3">
              <div className="flex items-center gap-2">
                <Checkbox
                  id="shipbridge-select-all"
                  checked={allSelected}
                  onCheckedChange={() =>
                    setSelected(allSelected ? new Set() : new Set(orders.map((order) => order.id)))
                  }
                  data-shipbridge="select-all"
                />
                <label htmlFor="shipbridge-select-all">
                  <Text size="small">{text.selectAll}</Text>
                </label>
              </div>
              <Button
                size="small"
                disabled={selected.size === 0 || starting || running}
                isLoading={starting}
                onClick={ship}
                data-shipbridge="ship-selected"
              >
                {text.shipSelected(selected.size)}
              </Button>
            </div>
            <ul className="divide-y" data-shipbridge="waiting-orders">
              {orders.map((order) => (
                <li key={order.id} className="px-6 py-3" data-shipbridge-order={order.id}>
                  <div className="flex items-start gap-3">
                    <Checkbox
                      id={`shipbridge-order-${order.id}`}
                      className="mt-0.5"
                      checked={selected.has(order.id)}
                      onCheckedChange={() => toggle(order.id)}
                      aria-label={`${text.order} #${order.display_id ?? order.id}`}
                    />
                    <label
                      htmlFor={`shipbridge-order-${order.id}`}
                      className="flex min-w-0 flex-1 flex-wrap gap-x-4 gap-y-1"
                    >
                      <Text size="small" weight="plus">
                        #{order.display_id ?? order.id}
                      </Text>
                      <Text size="small" className="break-all">
                        {order.customer ?? order.email ?? ""}
                      </Text>
                      <Text size="small" className="text-ui-fg-subtle">
                        {[order.city, ...order.shipping].filter(Boolean).join(" · ")}
                      </Text>
                    </label>
                  </div>
                </li>
              ))}
            </ul>
          </>
        )}
      </Container>
      {batchId === undefined ? null : (
        <BatchPanel
          batchId={batchId}
          text={text}
          onDone={() => {
            setRunning(false);
            load();
          }}
        />
      )}
    </div>
  );
};

export const config = defineRouteConfig({
  // A key of the `shipbridge` namespace (i18n/index.ts): "Shipping", "Wysyłka".
  label: "shipping",
  translationNs: "shipbridge",
  nested: "/orders",
});

export default ShippingPage;
