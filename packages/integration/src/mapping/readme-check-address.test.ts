// The core README's "Checking an address at checkout" example, run exactly as
// written: the code block is read from the README of the installed
// @shipbridge/core, written unchanged into this package (where
// "@shipbridge/core" resolves by name), and run in a fresh Node process. It
// must print every problem of the address at once, as the README says.
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const README = join(dirname(require.resolve("@shipbridge/core/package.json")), "README.md");
/** The package root: a script written below it imports @shipbridge/core by name. */
const PACKAGE_DIR = join(import.meta.dirname, "../..");
const HEADING = "## Checking an address at checkout";

let workDir: string;

beforeAll(async () => {
  workDir = await mkdtemp(join(PACKAGE_DIR, ".readme-"));
});

afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

/** The first ```ts block after the heading. */
async function readmeExample(): Promise<string> {
  const readme = await readFile(README, "utf8");
  const section = readme.indexOf(HEADING);
  expect(section).toBeGreaterThan(0);
  const block = /```ts\n([\s\S]*?)```/.exec(readme.slice(section));
  if (!block?.[1]) throw new Error("the README has no ts example under its heading");
  return block[1];
}

function run(script: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--conditions=@shipbridge/source", script], {
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
}

describe("the core README's checkout example", () => {
  it("imports only checkAddress and prints every problem of the address at once", async () => {
    const example = await readmeExample();
    const imports = example.split("\n").filter((line) => line.startsWith("import "));
    expect(imports).toEqual(['import { checkAddress } from "@shipbridge/core";']);
    const script = join(workDir, "check-an-address.mts");
    await writeFile(script, example);
    const { code, stdout, stderr } = await run(script);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split("\n");
    expect(lines.map((line) => line.split(" ").slice(0, 2).join(" "))).toEqual([
      "address.street house_number_missing",
      "address.phone phone_invalid",
    ]);
  });
});
