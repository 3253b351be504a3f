// The error of a REST client that is configured or called wrongly: a bad
// ShippingClient option (baseUrl, auth, version, language, timeouts, retry) or
// a bad per-call deadline. It carries the stable code INVALID_OPTIONS and the
// option's path, so code can branch on it and people read which option to fix.
import { isShipbridgeError, ShipbridgeError } from "../errors/shipbridge-error.ts";

export const API_USAGE_ERROR_CODES = {
  /** A ShippingClient option or a per-call option is missing or out of range. */
  invalid_api_options: "invalid_api_options",
} as const;

export type ApiUsageErrorCode = (typeof API_USAGE_ERROR_CODES)[keyof typeof API_USAGE_ERROR_CODES];

export class ApiUsageError extends ShipbridgeError {
  /** The option that is wrong, e.g. `baseUrl` or `retry.limit`. */
  readonly option: string;

  constructor(option: string, message: string) {
    super(API_USAGE_ERROR_CODES.invalid_api_options, `${option}: ${message}`);
    this.option = option;
  }
}

/** True for an ApiUsageError, even one from another copy of this package. */
export function isApiUsageError(value: unknown): value is ApiUsageError {
  return (
    isShipbridgeError(value) &&
    value.code === API_USAGE_ERROR_CODES.invalid_api_options &&
    "option" in value
  );
}
