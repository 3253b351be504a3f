// The order's pickup point on the order page, and "Change pickup point"
// while nothing of the order is bought: a point near the order's address
// or any point's code, checked at the service by the plugin's route before
// it is saved (a refused point shows the route's reason).
import { Button, Input, Select, Text } from "@medusajs/ui";
import { useState } from "react";
import { adminJson } from "../lib/admin-fetch.ts";
import type { Messages } from "../lib/messages.ts";

export interface PickupPointAnswer {
  point: { code: string; name: string | null; service: string };
  changeable: boolean;
  points: { code: string; name: string; address: unknown }[];
}

export interface PickupPointEditorProps {
  orderId: string;
  answer: PickupPointAnswer;
  text: Messages;
  onChanged: () => void;
}

function addressLine(address: unknown): string {
  if (address === null || typeof address !== "object") return "";
  const parts = address as Record<string, unknown>;
  return [parts["street"], parts["city"]].filter((part) => typeof part === "string").join(", ");
}

export function PickupPointEditor({ orderId, answer, text, onChanged }: PickupPointEditorProps) {
  const [editing, setEditing] = useState(false);
  const [code, setCode] = useState("");
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [saved, setSaved] = useState<string | undefined>();

  const save = () => {
    setSaving(true);
    setError(undefined);
    adminJson<{ point: { code: string } }>(`/admin/shipbridge/orders/${orderId}/pickup-point`, {
      body: { point_id: code },
    })
      .then((body) => {
        setSaved(text.pointChanged(body.point.code));
        setEditing(false);
        setCode("");
        onChanged();
      })
      .catch((failure: Error) => setError(failure.message))
      .finally(() => setSaving(false));
  };

  return (
    <div className="flex flex-col gap-2 px-6 py-4" data-shipbridge="pickup-point">
      <Text size="small" weight="plus">
        {text.pickupPoint}
      </Text>
      <Text size="small" data-shipbridge="point-code">
        {answer.point.code}
        {answer.point.name && answer.point.name !== answer.point.code
          ? ` · ${answer.point.name}`
          : ""}
      </Text>
      {saved === undefined ? null : (
        <Text size="small" data-shipbridge="point-saved">
          {saved}
        </Text>
      )}
      {!answer.changeable ? null : editing ? (
        <div className="flex flex-col gap-2">
          {answer.points.length === 0 ? null : (
            <Select value={code} onValueChange={setCode}>
              <Select.Trigger data-shipbridge="point-select">
                <Select.Value placeholder={text.changePoint} />
              </Select.Trigger>
              <Select.Content>
                {answer.points.map((point) => (
                  <Select.Item key={point.code} value={point.code}>
                    {`${point.code} · ${addressLine(point.address) || point.name}`}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select>
          )}
          <Input
            size="small"
            placeholder={text.newPoint}
            aria-label={text.newPoint}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            data-shipbridge="point-input"
          />
          {error === undefined ? null : (
            <Text
              size="small"
              className="text-ui-fg-error"
              role="alert"
              data-shipbridge="point-error"
            >
              {error}
            </Text>
          )}
          <div className="flex flex-wrap gap-2">
            <Button
              size="small"
              disabled={code.trim() === ""}
              isLoading={saving}
              onClick={save}
              data-shipbridge="point-save"
            >
              {text.save}
            </Button>
            <Button
              size="small"
              variant="secondary"
              onClick={() => {
                setEditing(false);
                setError(undefined);
              }}
            >
              {text.cancel}
            </Button>
          </div>
        </div>
      ) : (
        <Button
          size="small"
          variant="secondary"
          onClick={() => {
            setEditing(true);
            setSaved(undefined);
          }}
          data-shipbridge="change-point"
        >
          {text.changePoint}
        </Button>
      )}
    </div>
  );
}
