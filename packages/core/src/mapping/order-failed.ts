// The ShipOrderError of an order command that ended without ordering the
// order's package: the service's errors for that package (or for no package
// in particular) become its problems, each an Issue with the service's rule
// (its `rule`, else its `code`, else `service`, as ApiError issues have it).
import { issuesOf } from "../api/error-from-response.ts";
import type { OrderCommandResponse } from "../schemas/index.ts";
import { SHIP_ORDER_ERROR_CODES, ShipOrderError } from "./ship-order-error.ts";

export function orderFailed(
  command: OrderCommandResponse,
  packageId: number,
  commandId: string,
): ShipOrderError {
  const errors = (command.errors ?? []).filter(
    (error) =>
      error.package_id === undefined || error.package_id === null || error.package_id === packageId,
  );
  const problems = issuesOf({ errors });
  const said = problems.map((problem) => problem.message).join("; ");
  return new ShipOrderError(
    SHIP_ORDER_ERROR_CODES.order_failed,
    `Package ${packageId} was not ordered (command ${commandId} ended ${command.status})${said ? `: ${said}` : ""}`,
    { packageId, commandId, problems },
  );
}
