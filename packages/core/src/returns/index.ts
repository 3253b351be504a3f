// Returns: a store-neutral return to one paid return parcel from the customer
// to the merchant (shipReturn), and the parcel given back when the return is
// cancelled (cancelReturn).
export {
  type CancelReturnOptions,
  type CancelReturnResult,
  cancelReturn,
  RETURN_CANCEL_REASON,
} from "./cancel-return.ts";
export { returnCancelCommandId, returnReference } from "./return-reference.ts";
export {
  checkReturn,
  type ShipReturnOptions,
  type ShipReturnResult,
  shipReturn,
} from "./ship-return.ts";
export type {
  ReturnMerchantInput,
  StoreReturn,
  StoreReturnCustomer,
  StoreReturnDropOff,
  StoreReturnInput,
  StoreReturnItem,
} from "./store-return.ts";
