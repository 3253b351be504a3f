// Every error class of the sandbox is one of core's family: it extends
// ShipbridgeError (directly, or through another class of the sandbox) and
// carries a machine-readable `code`, so one guard (isShipbridgeError) and one
// `code` work across the packages. The source is read for every class whose
// name ends in Error; the exported ones are also built and checked.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { isShipbridgeError, ShipbridgeError } from "@shipbridge/core";
import { describe, expect, it } from "vitest";
import { ControlInputError } from "./controls/read-json.ts";
import { ApplicationExistsError } from "./oauth/applications.ts";
import { OAuthError } from "./oauth/oauth-error.ts";
import { InvalidTokenError } from "./oauth/require-access-token.ts";
import { RestError } from "./rest/http/rest-error.ts";

const SRC = dirname(fileURLToPath(import.meta.url));
const TEST_FILE = /\.test(-d)?\.ts$|(^|\/)testing\//;
const CLASS = /\bclass\s+(\w+)\s+extends\s+([\w.]+)/g;

function errorClasses(): { file: string; name: string; base: string }[] {
  return (readdirSync(SRC, { recursive: true }) as string[])
    .map((file) => file.split("\\").join("/"))
    .filter((file) => file.endsWith(".ts") && !TEST_FILE.test(file))
    .flatMap((file) =>
      [...readFileSync(join(SRC, file), "utf8").matchAll(CLASS)]
        .map((m) => ({ file, name: m[1] as string, base: m[2] as string }))
        .filter(({ name, base }) => name.endsWith("Error") || base.endsWith("Error")),
    );
}

describe("the sandbox's error classes", () => {
  it("all extend core's ShipbridgeError, none plain Error", () => {
    const classes = errorClasses();
    expect(classes.length).toBeGreaterThanOrEqual(6);
    const ours = new Set(classes.map((c) => c.name));
    const wrong = classes
      .filter(({ base }) => base !== "ShipbridgeError" && !ours.has(base))
      .map(({ file, name, base }) => `${file}: ${name} extends ${base}`);
    expect(wrong).toEqual([]);
  });

  it.each([
    ["OAuthError", new OAuthError("invalid_grant", "The code was already used."), "invalid_grant"],
    ["InvalidTokenError", new InvalidTokenError({ en_GB: "gone", pl_PL: "brak" }), "invalid_token"],
    ["ApplicationExistsError", new ApplicationExistsError("shop"), "application_exists"],
    [
      "RestError",
      new RestError(404, "package_not_found", { en_GB: "none", pl_PL: "brak" }),
      "package_not_found",
    ],
    ["ControlInputError", new ControlInputError("The body is not JSON."), "invalid_request"],
  ] as const)("%s is a ShipbridgeError with its code and name", (name, error, code) => {
    expect(error).toBeInstanceOf(ShipbridgeError);
    expect(isShipbridgeError(error)).toBe(true);
    expect(error.code).toBe(code);
    expect(error.name).toBe(name);
    expect(error.message).not.toBe("");
  });
});
