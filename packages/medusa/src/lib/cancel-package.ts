// Cancels one package with a cancel command whose uuid comes from the package
// id, so a repeat (Medusa's rollback, the reconcile job, another instance) is
// the same command and changes nothing. A package never ordered was never
// charged: "not_ordered", nothing to refund.

import { MedusaError } from "@medusajs/framework/utils";
import { orderCommandId, type ShippingClient } from "@shipbridge/core";

export async function cancelPackage(
  client: ShippingClient,
  storeId: string,
  packageId: number,
  reason: string,
): Promise<{ cancel_command_id: string; outcome: "cancelled" | "not_ordered" }> {
  const uuid = orderCommandId(storeId, `cancel-${packageId}`);
  const command = await client.cancelCommands.run(uuid, {
    packages: [{ id: packageId }],
    reasonType: "store_cancelled",
    reasonContent: reason,
  });
  const cancelled = command.successfully_canceled_packages?.some(
    (entry) => entry.package_id === packageId,
  );
  // The service names an entry's reason in `rule` (core's rule codes); older answers in `code`.
  const reasons = ((command.errors ?? []) as { code?: string; rule?: string }[]).map(
    (e) => e.rule ?? e.code ?? "",
  );
  if (cancelled || reasons.includes("package_already_cancelled")) {
    return { cancel_command_id: uuid, outcome: "cancelled" };
  }
  if (reasons.includes("package_not_ordered")) {
    return { cancel_command_id: uuid, outcome: "not_ordered" };
  }
  throw new MedusaError(
    MedusaError.Types.NOT_ALLOWED,
    `Package ${packageId} could not be cancelled: ${reasons.filter(Boolean).join(", ") || command.status}`,
    "cancel_refused",
  );
}
