// The core README's "Ship an order from a custom store" example, run exactly as
// written against the sandbox, so that it cannot go stale: the code block is
// read from the README of the installed @shipbridge/core, written unchanged
// into this package (where "@shipbridge/core" resolves by name), and run in a
// fresh Node process with the sandbox's addresses and demo credentials in the
// environment. It runs twice, and the sandbox must then hold one package,
// ordered once.
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO } from "../testing/sandbox-server.ts";
import { useSandbox } from "../testing/shared-sandbox.ts";

const require = createRequire(import.meta.url);
const README = join(dirname(require.resolve("@shipbridge/core/package.json")), "README.md");
/** The package root: a script written below it imports @shipbridge/core by name. */
const PACKAGE_DIR = join(import.meta.dirname, "../..");

const sandbox = useSandbox();
let workDir: string;

beforeAll(async () => {
  workDir = await mkdtemp(join(PACKAGE_DIR, ".readme-"));
});

afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

/** The first ```ts block after the README's heading "Ship an order from a custom store". */
async function readmeExample(): Promise<string> {
  const readme = await readFile(README, "utf8");
  const section = readme.indexOf("## Ship an order from a custom store");
  expect(section).toBeGreaterThan(0);
  const block = /```ts\n([\s\S]*?)```/.exec(readme.slice(section));
  if (!block?.[1]) throw new Error("the README has no ts example under its heading");
  return block[1];
}

/** Runs the script in a fresh Node process while moving the sandbox clock along. */
async function run(
  script: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env = {
    ...process.env,
    SHIPBRIDGE_BASE_URL: sandbox.baseUrl,
    SHIPBRIDGE_ACCOUNT_URL: sandbox.accountUrl,
    SHIPBRIDGE_CLIENT_ID: DEMO.clientId,
    SHIPBRIDGE_CLIENT_SECRET: DEMO.clientSecret,
    SHIPBRIDGE_USERNAME: DEMO.username,
    SHIPBRIDGE_PASSWORD: DEMO.password,
  };
  // Commands and labels complete by the sandbox clock; move it on so the run takes seconds.
  const ticker = setInterval(() => {
    sandbox.advanceClock(2).catch(() => undefined);
  }, 100);
  try {
    return await new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ["--conditions=@shipbridge/source", script], {
        env,
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (chunk: Buffer) => {
        stdout += chunk.toString();
      });
      child.stderr.on("data", (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      child.once("error", reject);
      child.once("exit", (code) => resolve({ code, stdout, stderr }));
    });
  } finally {
    clearInterval(ticker);
  }
}

describe("the core README example", () => {
  it("is under 20 lines, imports only @shipbridge/core, ships the order, and is safe to rerun", async () => {
    const example = await readmeExample();
    const lines = example.trimEnd().split("\n");
    expect(lines.length).toBeLessThan(20);
    const imports = lines.filter((line) => line.startsWith("import "));
    expect(imports).toEqual([
      'import { OAuthClient, ShippingClient, shipOrder } from "@shipbridge/core";',
    ]);
    const script = join(workDir, "ship-an-order.mts");
    await writeFile(script, example);

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
