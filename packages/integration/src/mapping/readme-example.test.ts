// The core README's "Ship an order from a custom store" example, run exactly as
// written against the sandbox, so that it cannot go stale: the code block is
// read from the README of the installed @shipbridge/core, written unchanged
// into this package (where "@shipbridge/core" resolves by name), and run in a
// fresh Node process with the sandbox's addresses and demo credentials in the
// environment. It runs twice, and the sandbox must then hold one package,
// ordered once.
import { describe, expect, it } from "vitest";
import {
  readmeBlock,
  runAgainstSandbox,
  type ScriptRun,
  useScriptFolder,
} from "../testing/readme-block.ts";
import { useSandbox } from "../testing/shared-sandbox.ts";

const sandbox = useSandbox();
const scripts = useScriptFolder();

/** Runs the script in a fresh Node process while moving the sandbox clock along. */
function run(script: string): Promise<ScriptRun> {
  return runAgainstSandbox(sandbox, script);
}

describe("the core README example", () => {
  it("is under 20 lines, imports only @shipbridge/core, ships the order, and is safe to rerun", async () => {
    const example = await readmeBlock("## Ship an order from a custom store");
    const lines = example.trimEnd().split("\n");
    expect(lines.length).toBeLessThan(20);
    const imports = lines.filter((line) => line.startsWith("import "));
    expect(imports).toEqual([
      'import { OAuthClient, ShippingClient, shipOrder } from "@shipbridge/core";',
    ]);
    const script = await scripts.write("ship-an-order.mts", example);

    const first = await run(script);
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(first.stdout).toContain("application/pdf");
    const second = await run(script);
    expect(second.code).toBe(0);
    const numbers = (out: string) => /\[\s*'([^']+)'\s*\]/.exec(out)?.[1];
    expect(numbers(first.stdout)).toBeDefined();
    expect(numbers(second.stdout)).toBe(numbers(first.stdout));

    const client = sandbox.client();
    const { packages } = await client.packages.list({ user_reference_number: "my-shop:1001" });
    expect(packages).toHaveLength(1);
    expect(packages[0]?.parcels?.[0]?.package_no).toBe(numbers(first.stdout));
    const { messages } = await client.messages.list({ type: "order", limit: 500 });
    expect(messages.filter((m) => m["package_id"] === packages[0]?.package_id)).toHaveLength(1);
  });
});
