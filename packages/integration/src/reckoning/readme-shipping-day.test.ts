// The core README's "The shipping day" example, run exactly as written
// against the sandbox: the code block is read from the README of the
// installed @shipbridge/core, written unchanged into this package, and run in
// a fresh Node process with the sandbox's addresses and demo credentials in
// the environment. It ships a three-parcel order, prints its labels and
// protocol, books a courier and reckons the day, and run twice it books and
// buys nothing more.
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

async function stats() {
  return (
    (await sandbox.control("/stats")) as {
      rest: {
        packages: number;
        charges: number;
        documents_commands: number;
        pickup_commands: number;
      };
    }
  ).rest;
}

/** Waits out the last minutes of a day in Warsaw, so that both runs fall on one day. */
async function awayFromMidnight(): Promise<void> {
  const time = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/Warsaw",
    hourCycle: "h23",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).format(new Date());
  const [h, m, s] = time.split(":").map(Number) as [number, number, number];
  const left = 86_400 - (h * 3600 + m * 60 + s);
  if (left < 600) await new Promise((resolve) => setTimeout(resolve, (left + 5) * 1000));
}

describe("the core README's shipping day example", () => {
  it("ships in three parcels, prints one file and a protocol, books a courier, reckons the day; twice, once", async () => {
    const example = await readmeBlock("## The shipping day");
    const sources = [...example.matchAll(/^import [^;]*? from "([^"]+)";/gm)].map((m) => m[1]);
    expect(sources).toEqual(["@shipbridge/core"]);
    const script = await scripts.write("shipping-day.mts", example);
    // The example reckons the merchant's day by the real clock, while the
    // sandbox clock runs ahead of it: start away from a Warsaw midnight.
    await awayFromMidnight();

    const first = await run(script);
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/courier dpd DPD-\d{8}-\d{6} \d{4}-\d\d-\d\d/);
    expect(first.stdout).toMatch(/labels application\/pdf \[ \d+ \] protocols \[ 'dpd' \]/);
    expect(first.stdout).toContain("no pickup needed 0 flagged 0");
    expect(first.stdout).toMatch(/storeId: 'my-shop'[\s\S]*packages: 1/);
    const after = await stats();
    expect(after.packages).toBe(1);
    expect(after.charges).toBe(1);

    const second = await run(script);
    expect(second.code).toBe(0);
    expect(await stats()).toEqual(after);
  }, 900_000);
});
