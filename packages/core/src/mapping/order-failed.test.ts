import { describe, expect, it } from "vitest";
import type { OrderCommandResponse } from "../schemas/index.ts";
import { orderFailed } from "./order-failed.ts";
import { isShipOrderError, SHIP_ORDER_ERROR_CODES } from "./ship-order-error.ts";

const command = (errors: OrderCommandResponse["errors"]) =>
  ({
    uuid: "1b4e28ba-2fa1-51d2-883f-0016d3cca427",
    status: "error",
    errors,
    successfully_ordered_packages: [],
  }) as unknown as OrderCommandResponse;

describe("orderFailed", () => {
  it("keeps the service's rule on each problem of the package, and the service's words", () => {
    const error = orderFailed(
      command([
        {
          package_id: 12,
          path: "packages[0].id",
          rule: "package_cancelled",
          message: "Package 12 was cancelled.",
        },
        { package_id: 99, path: "packages[1].id", rule: "package_not_found", message: "Not 12's." },
        { path: "", code: "carrier_down", message: "The carrier does not answer." },
      ] as never),
      12,
      "1b4e28ba-2fa1-51d2-883f-0016d3cca427",
    );
    expect(isShipOrderError(error)).toBe(true);
    expect(error.code).toBe(SHIP_ORDER_ERROR_CODES.order_failed);
    expect(error.problems).toEqual([
      { path: "packages[0].id", rule: "package_cancelled", message: "Package 12 was cancelled." },
      { path: "", rule: "carrier_down", message: "The carrier does not answer." },
    ]);
    expect(error.message).toContain("Package 12 was cancelled.");
  });

  it("gives a problem without the service's rule the rule `service`, as ApiError issues do", () => {
    const error = orderFailed(
      command([{ package_id: 12, message: "Refused." }]),
      12,
      "1b4e28ba-2fa1-51d2-883f-0016d3cca427",
    );
    expect(error.problems).toEqual([{ path: "", rule: "service", message: "Refused." }]);
  });
});
