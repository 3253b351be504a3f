// The export lock of @shipbridge/medusa-picker and its /react entry: a change
// to these lists is a change to the public surface; make it on purpose.
import { expect, it } from "vitest";
import * as entry from "./index.ts";
import * as react from "./react/index.ts";

it("exports exactly these values", () => {
  expect(Object.keys(entry).sort()).toEqual([
    "PICKER_ERROR_CODES",
    "PICKER_LANGUAGES",
    "PICKER_TEXT",
    "PickerError",
    "createPickupClient",
    "formatPrice",
    "isPickerError",
    "isPickerLanguage",
    "pointAddress",
    "pointData",
    "pointDistance",
    "pointTitle",
    "readSearch",
    "say",
  ]);
  expect(Object.keys(react).sort()).toEqual(["PickupPointPicker", "PointMap"]);
});
