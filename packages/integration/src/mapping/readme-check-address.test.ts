// The core README's "Checking an address at checkout" example, run exactly as
// written: the code block is read from the README of the installed
// @shipbridge/core, written unchanged into this package (where
// "@shipbridge/core" resolves by name), and run in a fresh Node process. It
// must print every problem of the address at once, as the README says.
import { describe, expect, it } from "vitest";
import { readmeBlock, runScript, useScriptFolder } from "../testing/readme-block.ts";

const scripts = useScriptFolder();

describe("the core README's checkout example", () => {
  it("imports only checkAddress and prints every problem of the address at once", async () => {
    const example = await readmeBlock("## Checking an address at checkout");
    const imports = example.split("\n").filter((line) => line.startsWith("import "));
    expect(imports).toEqual(['import { checkAddress } from "@shipbridge/core";']);
    const script = await scripts.write("check-an-address.mts", example);
    const { code, stdout, stderr } = await runScript(script);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split("\n");
    expect(lines.map((line) => line.split(" ").slice(0, 2).join(" "))).toEqual([
      "address.street house_number_missing",
      "address.phone phone_invalid",
    ]);
  });
});
