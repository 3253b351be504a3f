// The order page's shipment panel as a pure view of the admin routes' answer:
// each shipment's status, tracking and label link, and a Connect/Reconnect
// button when the shipping account needs it.
import { Badge, Button, Container, Heading, Text } from "@medusajs/ui";

export interface ShipmentRow {
  id: string;
  fulfillment_id: string;
  service: string;
  status: string;
  tracking_number: string | null;
  tracking_url: string | null;
  tracking_state: string | null;
  is_return: boolean;
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
}

function accountNotice(answer: ShipmentsAnswer, props: ShipmentPanelProps) {
  if (answer.account === "connected") return null;
  const label = answer.account === "reconnect" ? "Reconnect the account" : "Connect the account";
  if (answer.grant !== "authorization_code") {
    // Client credentials and passwords are fixed in the plugin options.
    return (
      <Badge color="red" data-shipbridge="reconnect">
        {label}: check the plugin options
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
      {answer.account === "reconnect" ? "Reconnect" : "Connect"}
    </Button>
  );
}

export function ShipmentPanel(props: ShipmentPanelProps) {
  const { answer, failed } = props;
  return (
    <Container className="divide-y p-0">
      <div className="flex items-center justify-between px-6 py-4">
        <Heading level="h2">Furgonetka shipments</Heading>
        {answer === undefined ? null : accountNotice(answer, props)}
      </div>
      {failed ? (
        <Text className="px-6 py-4">The shipments could not be loaded.</Text>
      ) : answer === undefined ? (
        <Text className="px-6 py-4">Loading…</Text>
      ) : answer.shipments.length === 0 ? (
        <Text className="px-6 py-4">No shipments yet.</Text>
      ) : (
        answer.shipments.map((shipment) => (
          <div
            key={shipment.id}
            className="flex flex-col gap-1 px-6 py-4"
            data-shipbridge-shipment={shipment.fulfillment_id}
          >
            <div className="flex items-center gap-2">
              <Text weight="plus">
                {shipment.service}
                {shipment.is_return ? " (return)" : ""}
              </Text>
              <Badge data-shipbridge="status">{shipment.tracking_state ?? shipment.status}</Badge>
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
              <a href={shipment.label_url} target="_blank" rel="noreferrer" data-shipbridge="label">
                Label (PDF)
              </a>
            ) : null}
          </div>
        ))
      )}
    </Container>
  );
}
