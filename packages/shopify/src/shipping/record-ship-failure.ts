// What a failure to buy an order's parcel means, for one order shipped alone
// or in a batch: core's validation errors, ShipOrderError and the service's
// own refusals (ValidationApiError) put the order on "needs attention" with
// their paths (in both languages when known), and a lapsed authorization
// asks the merchant to reconnect; past core's validation a package may
// exist, even paid for, so its id is kept whenever it can be learnt, for a
// cancellation of the order to cancel it. Anything else is transient:
// answered undefined, for the caller to try again.
import {
  type Issue,
  isReauthorizationRequiredError,
  isShipOrderError,
  isValidationApiError,
  isValidationError,
  type ShippingClient,
  shipOrderReference,
} from "@shipbridge/core";
import { setConnection } from "../store/settings.ts";
import { recordPackageId, type ShipmentKey } from "../store/shipments.ts";
import { connectionIssues, validationIssues } from "./attention-issues.ts";
import { findOrderPackage } from "./find-order-package.ts";
import { needsAttention } from "./needs-attention.ts";
import type { PreparedShipment } from "./prepare-shipment.ts";
import type { ShipContext } from "./ship-context.ts";

function issue(path: string, rule: string, message: string): Issue<string> {
  return { path, rule, message };
}

export async function recordShipFailure(
  context: ShipContext,
  prepared: PreparedShipment,
  error: unknown,
): Promise<"needs_attention" | undefined> {
  const { pool } = context;
  const { shop, shipId, language, client } = prepared;
  const key = { orderId: prepared.orderId, fulfillmentOrderId: prepared.fulfillmentOrderId };
  const attention = (byLanguage: Parameters<typeof needsAttention>[2]) =>
    needsAttention(pool, prepared, byLanguage);
  if (isValidationError(error)) {
    return attention(
      validationIssues(error.issues, language, prepared.storeOrder, {
        ...prepared.mapping,
        userReferenceNumber: shipOrderReference(shop, shipId),
      }),
    );
  }
  // Past core's validation a package may exist, even paid for: its id is kept
  // whenever it can be learnt, so a cancellation of the order cancels it.
  if (isShipOrderError(error)) await recordPackageId(pool, shop, key, error.packageId);
  else if (isValidationApiError(error) || isReauthorizationRequiredError(error)) {
    await rememberPackage(context, client, shop, key, shipId);
  }
  // The service refused the package (a point that closed, an address it rejects): retrying cannot help.
  if (isValidationApiError(error)) {
    return attention({
      [language]:
        error.issues.length > 0 ? [...error.issues] : [issue("order", error.code, error.message)],
    });
  }
  if (isShipOrderError(error)) {
    return attention({
      [language]:
        error.problems.length > 0
          ? error.problems.map((problem) => issue(problem.path, error.code, problem.message))
          : [issue("order", error.code, error.message)],
    });
  }
  if (isReauthorizationRequiredError(error)) {
    await setConnection(pool, shop, "reconnect");
    return attention(connectionIssues("reconnect"));
  }
  return undefined;
}

/** Best effort: a lapsed authorization cannot look; the cancel path looks again then. */
async function rememberPackage(
  context: ShipContext,
  client: ShippingClient,
  shop: string,
  key: ShipmentKey,
  shipId: string,
): Promise<void> {
  try {
    const packageId = await findOrderPackage(client, shop, shipId);
    if (packageId !== undefined) await recordPackageId(context.pool, shop, key, packageId);
  } catch {
    // Nothing more to do here: the order needs attention either way.
  }
}
