// What did not ship of the order (its latest batch attempt failed) and why,
// with "Retry": the order shipped again as a batch of its own, its progress
// followed until done.
import { Button, Text } from "@medusajs/ui";
import type { Messages } from "../lib/messages.ts";

export interface ShipmentFailure {
  batch_id: string;
  shipping_method_id: string | null;
  code: string | null;
  message: string;
  retryable: boolean;
}

export interface ShipmentFailuresProps {
  failures: ShipmentFailure[];
  text: Messages;
  retrying: boolean;
  error: string | undefined;
  onRetry: () => void;
}

export function ShipmentFailures({
  failures,
  text,
  retrying,
  error,
  onRetry,
}: ShipmentFailuresProps) {
  if (failures.length === 0 && error === undefined) return null;
  return (
    <div className="flex flex-col gap-2 px-6 py-4" data-shipbridge="failures">
      {failures.length === 0 ? null : (
        <Text size="small" weight="plus">
          {text.notShipped}
        </Text>
      )}
      {failures.map((failure) => (
        <Text
          size="small"
          className="break-words text-ui-fg-error"
          key={`${failure.batch_id}-${failure.shipping_method_id ?? ""}`}
          data-shipbridge="failure"
        >
          {failure.message}
        </Text>
      ))}
      {error === undefined ? null : (
        <Text size="small" className="text-ui-fg-error" role="alert" data-shipbridge="retry-error">
          {error}
        </Text>
      )}
      {failures.length === 0 ? null : (
        <Button
          size="small"
          variant="secondary"
          isLoading={retrying}
          onClick={onRetry}
          data-shipbridge="retry"
        >
          {text.retry}
        </Button>
      )}
    </div>
  );
}
