// The order page's shipment panel: each shipment's tracking state and number,
// a link to its label, and a warning when the service account must be
// reconnected (its credentials were refused).
import { defineWidgetConfig } from "@medusajs/admin-sdk";
import type { AdminOrder, DetailWidgetProps } from "@medusajs/framework/types";
import { Badge, Container, Heading, Text } from "@medusajs/ui";
import { useEffect, useState } from "react";

interface ShipmentRow {
  id: string;
  fulfillment_id: string;
  service: string;
  tracking_number: string | null;
  tracking_url: string | null;
  tracking_state: string | null;
  is_return: boolean;
  label_url: string;
}

interface Answer {
  account: "connected" | "reconnect";
  shipments: ShipmentRow[];
}

const ShipmentStatusWidget = ({ data: order }: DetailWidgetProps<AdminOrder>) => {
  const [answer, setAnswer] = useState<Answer | undefined>();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    fetch(`/admin/shipbridge/orders/${order.id}/shipments`, { credentials: "include" })
      .then((response) => (response.ok ? response.json() : Promise.reject(response.status)))
      .then((body: Answer) => setAnswer(body))
      .catch(() => setFailed(true));
  }, [order.id]);

  return (
    <Container className="divide-y p-0">
      <div className="flex items-center justify-between px-6 py-4">
        <Heading level="h2">Furgonetka shipments</Heading>
        {answer?.account === "reconnect" ? <Badge color="red">Reconnect the account</Badge> : null}
      </div>
      {failed ? (
        <Text className="px-6 py-4">The shipments could not be loaded.</Text>
      ) : answer === undefined ? (
        <Text className="px-6 py-4">Loading…</Text>
      ) : answer.shipments.length === 0 ? (
        <Text className="px-6 py-4">No shipments yet.</Text>
      ) : (
        answer.shipments.map((shipment) => (
          <div key={shipment.id} className="flex flex-col gap-1 px-6 py-4">
            <div className="flex items-center gap-2">
              <Text weight="plus">
                {shipment.service}
                {shipment.is_return ? " (return)" : ""}
              </Text>
              <Badge>{shipment.tracking_state ?? "ordered"}</Badge>
            </div>
            {shipment.tracking_number ? (
              shipment.tracking_url ? (
                <a href={shipment.tracking_url} target="_blank" rel="noreferrer">
                  {shipment.tracking_number}
                </a>
              ) : (
                <Text>{shipment.tracking_number}</Text>
              )
            ) : null}
            <a href={shipment.label_url} target="_blank" rel="noreferrer">
              Label (PDF)
            </a>
          </div>
        ))
      )}
    </Container>
  );
};

export const config = defineWidgetConfig({
  zone: "order.details.side.after",
});

export default ShipmentStatusWidget;
