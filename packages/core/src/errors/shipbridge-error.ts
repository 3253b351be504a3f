// The root of every error that @shipbridge/core throws. Code branches on the
// stable, machine-readable `code`; people read `message`. Messages never carry
// secrets (client secrets, tokens, passwords).
export class ShipbridgeError extends Error {
  readonly code: string;

  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
  }
}

const BRAND = Symbol.for("shipbridge.error");
Object.defineProperty(ShipbridgeError.prototype, BRAND, { value: true });

/** True for any ShipbridgeError, even one from another copy of this package or another realm. */
export function isShipbridgeError(value: unknown): value is ShipbridgeError {
  return typeof value === "object" && value !== null && BRAND in value;
}
