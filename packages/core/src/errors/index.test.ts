// The export lock of @shipbridge/core/errors: the root error class and its
// guard, the same ones the root entry exports, and nothing that loads more.
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import * as root from "../index.ts";
import * as entry from "./index.ts";

it("exports exactly the root error class and its guard, the root's own", () => {
  expect(Object.keys(entry).sort()).toEqual(["ShipbridgeError", "isShipbridgeError"]);
  expect(entry.ShipbridgeError).toBe(root.ShipbridgeError);
  expect(entry.isShipbridgeError).toBe(root.isShipbridgeError);
});

it("imports nothing but the error's own file, so a browser bundle stays free of Node", () => {
  const imports = (file: string) =>
    [...readFileSync(new URL(file, import.meta.url), "utf8").matchAll(/from "([^"]+)"/g)].map(
      (match) => match[1],
    );
  expect(imports("./index.ts")).toEqual(["./shipbridge-error.ts"]);
  expect(imports("./shipbridge-error.ts")).toEqual([]);
});
