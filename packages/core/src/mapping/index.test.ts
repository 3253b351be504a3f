// The mapping's public surface: what adapters and custom stores use, and no
// internal helper (the uuid function behind orderCommandId, the parts of
// StoreOrderSchema) leaking through the package index.
import { expect, it } from "vitest";
import * as mapping from "./index.ts";

it("exports the mapping's public values and nothing else", () => {
  expect(Object.keys(mapping).sort()).toEqual([
    "LENGTH_UNITS",
    "MAPPING_WARNING_CODES",
    "ORDER_COMMAND_NAMESPACE",
    "ORDER_LOCK_ERROR_CODES",
    "OrderLockError",
    "SHIP_ORDER_ERROR_CODES",
    "ShipOrderError",
    "StoreOrderSchema",
    "USER_REFERENCE_MAX_LENGTH",
    "WEIGHT_UNITS",
    "isShipOrderError",
    "mapOrderToPackage",
    "orderCommandId",
    "shipOrder",
    "shipOrderReference",
    "toPackage",
  ]);
});
