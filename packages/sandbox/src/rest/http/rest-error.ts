// The one error type of the REST API. Handlers throw a RestError; the API's
// error handler turns it into the JSON error body every endpoint shares:
// `{ code, message, errors: [{ path, rule, message }] }`, in the language the
// request asked for with X-Language. Its `code` (core's ShipbridgeError) is
// the body's `code`.
import { type Language, ShipbridgeError } from "@shipbridge/core";
import type { Localized } from "../../http/http-messages.ts";

export interface RestErrorEntry {
  readonly path: string;
  readonly message: string;
  readonly rule?: string;
}

/** A message in both languages of the API. */
export type { Localized } from "../../http/http-messages.ts";

export type RestErrorStatus = 400 | 401 | 403 | 404 | 405 | 406 | 409 | 413 | 415 | 422;

export class RestError extends ShipbridgeError {
  readonly status: RestErrorStatus;
  readonly localized: Localized;
  readonly errors: readonly RestErrorEntry[];
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    status: RestErrorStatus,
    code: string,
    localized: Localized,
    options: { errors?: readonly RestErrorEntry[]; headers?: Record<string, string> } = {},
  ) {
    super(code, localized.en_GB);
    this.status = status;
    this.localized = localized;
    this.errors = options.errors ?? [];
    this.headers = options.headers ?? {};
  }

  body(language: Language): RestErrorBody {
    return { code: this.code, message: this.localized[language], errors: [...this.errors] };
  }
}

export interface RestErrorBody {
  code: string;
  message: string;
  errors: RestErrorEntry[];
}

export function isRestError(value: unknown): value is RestError {
  return value instanceof RestError;
}
