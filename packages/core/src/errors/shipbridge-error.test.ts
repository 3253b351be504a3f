// Tests of the root error class: its stable code, its name, and the brand that works across copies.
import { describe, expect, it } from "vitest";
import { isShipbridgeError, ShipbridgeError } from "./shipbridge-error.ts";

describe("ShipbridgeError", () => {
  it("carries a stable code and the subclass name", () => {
    class SomethingFailed extends ShipbridgeError {}
    const error = new SomethingFailed("something_failed", "it failed", { cause: 42 });
    expect(error.code).toBe("something_failed");
    expect(error.name).toBe("SomethingFailed");
    expect(error.message).toBe("it failed");
    expect(error.cause).toBe(42);
    expect(error).toBeInstanceOf(Error);
  });

  it("is recognised across copies of the package by its brand, not by instanceof", () => {
    const foreign = Object.create({ [Symbol.for("shipbridge.error")]: true });
    expect(isShipbridgeError(new ShipbridgeError("x", "y"))).toBe(true);
    expect(isShipbridgeError(foreign)).toBe(true);
    expect(isShipbridgeError(new Error("plain"))).toBe(false);
    expect(isShipbridgeError(null)).toBe(false);
    expect(isShipbridgeError("validation_failed")).toBe(false);
  });
});
