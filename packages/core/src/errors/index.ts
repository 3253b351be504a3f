// @shipbridge/core/errors: the root error class and its guard alone, with no
// other module behind them, for code that runs in a browser (a storefront's
// pickup-point picker) and must not pull in the clients or Node's built-ins.
export { isShipbridgeError, ShipbridgeError } from "./shipbridge-error.ts";
