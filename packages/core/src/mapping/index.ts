// The store-neutral mapping: the StoreOrder every adapter produces, toPackage
// (order to a valid v2 package) and shipOrder (order to one paid shipment,
// safe to rerun), with their options, results and errors. The parts
// of StoreOrderSchema are exported as types only, and the uuid helper behind
// orderCommandId stays internal.
export {
  type AddressDelivery,
  type CheckAddressOptions,
  checkAddress,
} from "./check-address.ts";
export { ORDER_COMMAND_NAMESPACE, orderCommandId } from "./order-command-id.ts";
export {
  isOrderLockError,
  ORDER_LOCK_ERROR_CODES,
  OrderLockError,
  type OrderLockErrorCode,
} from "./order-lock-error.ts";
export type { BoxDimensions } from "./packing.ts";
export {
  type ShipOrderOptions,
  type ShipOrderResult,
  type ShipOrderSteps,
  shipOrder,
} from "./ship-order.ts";
export {
  isShipOrderError,
  SHIP_ORDER_ERROR_CODES,
  ShipOrderError,
  type ShipOrderErrorCode,
} from "./ship-order-error.ts";
export { shipOrderReference } from "./ship-order-reference.ts";
export {
  LENGTH_UNITS,
  type LengthUnit,
  type StoreAddress,
  type StoreAddressInput,
  type StoreCod,
  type StoreCustomer,
  type StoreDimensions,
  type StoreOrder,
  type StoreOrderInput,
  type StoreOrderItem,
  StoreOrderSchema,
  type StorePickupPoint,
  type StoreShippingChoice,
  type StoreTotals,
  type StoreWeight,
  WEIGHT_UNITS,
  type WeightUnit,
} from "./store-order.ts";
export {
  type CodAccount,
  type PostalService,
  type SafeToPackageResult,
  safeToPackage,
  type ToPackageOptions,
  type ToPackageResult,
  toPackage,
  USER_REFERENCE_MAX_LENGTH,
} from "./to-package.ts";
