// The order page's shipment panel as a pure view of the admin routes' answer:
// each shipment's status, tracking and label link (a return's parcel marked
// as such), and a Connect/Reconnect button when the shipping account needs
// it; in the admin's language (English unless given).
import { Badge, Button, Container, Heading, Text } from "@medusajs/ui";
import type { ReactNode } from "react";
import { type Messages, messagesFor } from "../lib/messages.ts";

export interface ShipmentRow {
  id: string;
  fulfillment_id: string;
  service: string;
  status: string;
  tracking_number: string | null;
  tracking_url: string | null;
  tracking_state: string | null;
  is_return: boolean;
  /** "shipment" or "return". */
  kind?: string;
  has_label: boolean;
  label_url: string | null;
  price: { amount: number; currency: string } | null;
}

export interface ShipmentsAnswer {
  account: "connected" | "reconnect" | "not_connected";
  grant: "authorization_code" | "client_credentials" | "password";
  shipments: ShipmentRow[];
}

export interface ShipmentPanelProps {
  answer: ShipmentsAnswer | undefined;
  failed: boolean;
  connecting?: boolean;
  onConnect?: () => void;
  /** The texts; English by default. */
  text?: Messages;
  /** More of the order's shipping (its pickup point, what failed), under the shipments. */
  children?: ReactNode;
}

function accountNotice(answer: ShipmentsAnswer, props: ShipmentPanelProps, text: Messages) {
  if (answer.account === "connected") return null;
  const label = answer.account === "reconnect" ? text.reconnectAccount : text.connectAccount;
  if (answer.grant !== "authorization_code") {
    // Client credentials and passwords are fixed in the plugin options.
    return (
      <Badge color="red" data-shipbridge="reconnect">
        {text.connectFixed(label)}
      </Badge>
    );
  }
  return (
    <Button
      size="small"
      variant="secondary"
      data-shipbridge={answer.account === "reconnect" ? "reconnect" : "connect"}
      disabled={props.connecting === true}
      onClick={props.onConnect}
    >
      {answer.account === "reconnect" ? text.reconnect : text.connect}
    </Button>
  );
}

export function ShipmentPanel(props: ShipmentPanelProps) {
  const { answer, failed } = props;
  const text = props.text ?? messagesFor("en");
  return (
    <Container className="divide-y p-0">
      <div className="flex items-center justify-between px-6 py-4">
        <Heading level="h2">{text.shipmentsTitle}</Heading>
        {answer === undefined ? null : accountNotice(answer, props, text)}
      </div>
      {failed ? (
        <Text className="px-6 py-4">{text.shipmentsFailed}</Text>
      ) : answer === undefined ? (
        <Text className="px-6 py-4">{text.loading}</Text>
      ) : answer.shipments.length === 0 ? (
        <Text className="px-6 py-4" data-shipbridge="no-shipments">
          {text.noShipments}
        </Text>
      ) : (
        answer.shipments.map((shipment) => {
          const isReturn = shipment.is_return || shipment.kind === "return";
          return (
            <div
              key={shipment.id}
              className="flex flex-col gap-1 px-6 py-4"
              data-shipbridge-shipment={shipment.fulfillment_id}
              data-shipbridge-kind={isReturn ? "return" : "shipment"}
            >
              <div className="flex items-center gap-2">
                <Text weight="plus">
                  {shipment.service}
                  {isReturn ? ` (${text.returnParcel})` : ""}
                </Text>
                <Badge data-shipbridge="status">
                  {shipment.tracking_state ?? text.status[shipment.status] ?? shipment.status}
                </Badge>
              </div>
              {shipment.tracking_number ? (
                shipment.tracking_url ? (
                  <a
                    href={shipment.tracking_url}
                    target="_blank"
                    rel="noreferrer"
                    data-shipbridge="tracking"
                  >
                    {shipment.tracking_number}
                  </a>
                ) : (
                  <Text data-shipbridge="tracking">{shipment.tracking_number}</Text>
                )
              ) : null}
              {shipment.price ? (
                <Text data-shipbridge="price">
                  {shipment.price.amount.toFixed(2)} {shipment.price.currency}
                </Text>
              ) : null}
              {shipment.has_label && shipment.label_url ? (
                <a
                  href={shipment.label_url}
                  target="_blank"
                  rel="noreferrer"
                  data-shipbridge="label"
                >
                  {text.label}
                </a>
              ) : null}
            </div>
          );
        })
      )}
      {props.children}
    </Container>
  );
}
