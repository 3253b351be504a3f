// The core README's "Ship the day's orders at once" example, run exactly as
// written against the sandbox (read from the README of the installed
// @shipbridge/core and run in a fresh Node process with the sandbox's
// addresses and demo credentials in the environment). It runs twice: three
// orders shipped with one order command, the fourth refused for its
// postcode, and the second run finds everything and buys nothing.
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

interface RestStats {
  packages: number;
  order_commands: number;
  charges: number;
}

async function restStats(): Promise<RestStats> {
  return ((await sandbox.control("/stats")) as { rest: RestStats }).rest;
}

/** The "orderId [ 'number' ]" lines of a run, by order id. */
function tracking(stdout: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const match of stdout.matchAll(/^(\d+) \[ '([^']+)' \]$/gm)) {
    found[match[1] as string] = match[2] as string;
  }
  return found;
}

describe("the core README batch example", () => {
  it("imports only @shipbridge/core, ships three orders with one command, reports the fourth, and is safe to rerun", async () => {
    const example = await readmeBlock("## Ship the day's orders at once");
    const imports = example.split("\n").filter((line) => line.startsWith("import "));
    expect(imports).toEqual([
      'import { OAuthClient, ShippingClient, shipBatch } from "@shipbridge/core";',
    ]);
    const script = await scripts.write("ship-a-batch.mts", example);

    const before = await restStats();
    const first = await run(script);
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    const numbers = tracking(first.stdout);
    expect(Object.keys(numbers).sort()).toEqual(["2001", "2002", "2003"]);
    expect(first.stdout).toContain("2004 validation_failed false");
    expect(first.stdout).toContain("labelled 2003");
    expect(first.stdout).toContain("done");

    const second = await run(script);
    expect(second.code).toBe(0);
    expect(tracking(second.stdout)).toEqual(numbers);
    const after = await restStats();
    expect({
      packages: after.packages - before.packages,
      order_commands: after.order_commands - before.order_commands,
      charges: after.charges - before.charges,
    }).toEqual({ packages: 3, order_commands: 1, charges: 3 });
  });
});
