// The order page's shipment widget: loads the order's shipments and the
// account state from the plugin's admin route, and starts connecting the
// account (the service's authorization pages) when asked.
import { defineWidgetConfig } from "@medusajs/admin-sdk";
import type { AdminOrder, DetailWidgetProps } from "@medusajs/framework/types";
import { useEffect, useState } from "react";
import { ShipmentPanel, type ShipmentsAnswer } from "../components/shipment-panel.tsx";

const ShipmentStatusWidget = ({ data: order }: DetailWidgetProps<AdminOrder>) => {
  const [answer, setAnswer] = useState<ShipmentsAnswer | undefined>();
  const [failed, setFailed] = useState(false);
  const [connecting, setConnecting] = useState(false);

  useEffect(() => {
    fetch(`/admin/shipbridge/orders/${order.id}/shipments`, { credentials: "include" })
      .then((response) => (response.ok ? response.json() : Promise.reject(response.status)))
      .then((body: ShipmentsAnswer) => setAnswer(body))
      .catch(() => setFailed(true));
  }, [order.id]);

  const connect = () => {
    setConnecting(true);
    fetch("/admin/shipbridge/connection", {
      method: "POST",
      credentials: "include",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ return_to: window.location.href }),
    })
      .then((response) => (response.ok ? response.json() : Promise.reject(response.status)))
      .then((body: { authorization_url: string }) => {
        window.location.assign(body.authorization_url);
      })
      .catch(() => {
        setConnecting(false);
        setFailed(true);
      });
  };

  return (
    <ShipmentPanel answer={answer} failed={failed} connecting={connecting} onConnect={connect} />
  );
};

export const config = defineWidgetConfig({
  zone: "order.details.side.after",
});

export default ShipmentStatusWidget;
