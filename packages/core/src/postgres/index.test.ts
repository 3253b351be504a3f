// The postgres entry is the only one that loads `pg`: an app without pg
// installed can import the package root.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { exportedNames, typeOnlyNames } from "../testing/exported-names.ts";
import * as entry from "./index.ts";

const ALL = exportedNames(new URL("./index.ts", import.meta.url));

// Runs in a fresh Node: refuses to resolve `pg`, imports the given entry and prints its export names.
const PROBE = `
import { registerHooks } from "node:module";
registerHooks({
  resolve(specifier, context, next) {
    if (specifier === "pg" || specifier.startsWith("pg/")) throw new Error("pg was loaded");
    return next(specifier, context);
  },
});
const mod = await import(process.argv[1]);
console.log(JSON.stringify(Object.keys(mod).sort()));
`;

function importWithoutPg(file: string): string {
  return execFileSync(
    process.execPath,
    ["--conditions=@shipbridge/source", "--no-warnings", "--input-type=module", "-e", PROBE, file],
    { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
  );
}

describe("@shipbridge/core/postgres", () => {
  it("exports the PostgreSQL token store", () => {
    expect(Object.keys(entry).sort()).toEqual(["PostgresTokenStore"]);
  });

  it("exports exactly these types", () => {
    expect(typeOnlyNames(ALL, entry)).toEqual(["PostgresPool", "PostgresTokenStoreOptions"]);
  });

  it("is the only entry that loads pg", () => {
    const root = JSON.parse(importWithoutPg(join(import.meta.dirname, "../index.ts"))) as string[];
    expect(root).toContain("SqliteTokenStore");
    expect(root).not.toContain("PostgresTokenStore");
    expect(() => importWithoutPg(join(import.meta.dirname, "index.ts"))).toThrow(/pg was loaded/);
  });
});
