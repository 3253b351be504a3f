// The Medusa child a killed demo left behind is stopped at the next start,
// and only that child: a pid file whose pid now names another process (after
// a reboot, or a pid reused) signals nothing. Real processes stand in for the
// child: one whose command line is Medusa's, and a bystander.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { alive, processStartTime } from "@shipbridge/tooling/processes";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { stopOrphanMedusa } from "./medusa-process.ts";

let dataDir: string;
const started: ChildProcess[] = [];

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), "shipbridge-medusa-pid-"));
});
afterEach(() => {
  for (const child of started.splice(0)) child.kill("SIGKILL");
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** A process in a group of its own, as the demo's Medusa child is. */
function processRunning(args: string[]): ChildProcess {
  const child = spawn(args[0] as string, args.slice(1), { stdio: "ignore", detached: true });
  started.push(child);
  return child;
}

/** Until /proc shows the process's command line (spawned, then exec-ed). */
async function settled(child: ChildProcess): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 300));
  return child.pid as number;
}

const writePidFile = (record: unknown) =>
  writeFileSync(join(dataDir, "medusa.pid"), JSON.stringify(record));

const lookalike = () =>
  processRunning([process.execPath, "-e", "setInterval(() => {}, 1000)", "medusa", "start"]);

describe("a Medusa left behind by a killed demo", () => {
  it("is stopped at the next start", async () => {
    const pid = await settled(lookalike());
    writePidFile({ pid, startTime: processStartTime(pid) });
    await stopOrphanMedusa(dataDir);
    expect(alive(pid)).toBe(false);
    expect(existsSync(join(dataDir, "medusa.pid"))).toBe(false);
  });

  it("a pid that now names another process is left alone", async () => {
    const bystander = await settled(processRunning(["sleep", "60"]));
    // As an older run wrote it: the bare pid.
    writePidFile(bystander);
    await stopOrphanMedusa(dataDir);
    expect(alive(bystander)).toBe(true);
    expect(existsSync(join(dataDir, "medusa.pid"))).toBe(false);
  });

  it("a Medusa that started after the file was written is not that child", async () => {
    const pid = await settled(lookalike());
    writePidFile({ pid, startTime: "1" });
    await stopOrphanMedusa(dataDir);
    expect(alive(pid)).toBe(true);
  });
});
