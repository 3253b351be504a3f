// The picker's error is one of shipbridge's: core's guard knows it, code can
// branch on its code, and the store's refusal travels with it.
import { isShipbridgeError, ShipbridgeError } from "@shipbridge/core/errors";
import { describe, expect, it } from "vitest";
import { isPickerError, PICKER_ERROR_CODES, PickerError } from "./picker-error.ts";
import { pointData } from "./pickup-client.ts";

describe("PickerError", () => {
  it("is a ShipbridgeError with a code, the store's status and code", () => {
    const error = new PickerError(PICKER_ERROR_CODES.refused, "The point is closed.", {
      status: 400,
      storeCode: "invalid_data",
    });
    expect(error).toBeInstanceOf(ShipbridgeError);
    expect(isShipbridgeError(error)).toBe(true);
    expect(isPickerError(error)).toBe(true);
    expect(error).toMatchObject({
      name: "PickerError",
      code: "refused",
      message: "The point is closed.",
      status: 400,
      storeCode: "invalid_data",
    });
  });

  it("tells other errors apart, shipbridge's included", () => {
    expect(isPickerError(new Error("x"))).toBe(false);
    expect(isPickerError(new ShipbridgeError("refused", "x"))).toBe(false);
    expect(isPickerError(undefined)).toBe(false);
  });
});

it("puts the point in the data the plugin's provider reads", () => {
  expect(pointData("GDA01M")).toEqual({ point_id: "GDA01M" });
});
