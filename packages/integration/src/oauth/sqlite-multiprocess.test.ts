// Two OS processes sharing one SqliteTokenStore file renew an expired token at
// the same moment: the sandbox sees one refresh, neither process meets
// invalid_grant, and both end up with the winner's token.
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { OAuthClient, SqliteTokenStore } from "@shipbridge/core";
import { afterAll, describe, expect, it } from "vitest";
import { DEMO, injectFault, tokenRequestCounts, useTestSandbox } from "../testing/oauth-sandbox.ts";

const WORKER = join(import.meta.dirname, "refresh-worker.ts");
const DAY = 24 * 60 * 60;

const { sandbox, time } = useTestSandbox("all");
const dir = mkdtempSync(join(tmpdir(), "shipbridge-multiprocess-"));

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

interface Worker {
  readonly child: ChildProcessWithoutNullStreams;
  readonly lines: AsyncIterator<string>;
  readonly stderr: string[];
}

function startWorker(input: Record<string, unknown>): Worker {
  const child = spawn(
    process.execPath,
    ["--conditions=@shipbridge/source", "--no-warnings", WORKER, JSON.stringify(input)],
    {
      stdio: ["pipe", "pipe", "pipe"],
    },
  );
  const stderr: string[] = [];
  child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk.toString()));
  return { child, lines: createInterface({ input: child.stdout })[Symbol.asyncIterator](), stderr };
}

async function nextLine(worker: Worker): Promise<string> {
  const line = await worker.lines.next();
  if (line.done) throw new Error(`the worker ended early: ${worker.stderr.join("")}`);
  return line.value;
}

describe("SqliteTokenStore across OS processes", () => {
  it("two processes refreshing at once spend the refresh token once, with no invalid_grant", async () => {
    const file = join(dir, "tokens.db");
    const key = "merchant-42";
    const store = new SqliteTokenStore(file);
    const oauth = new OAuthClient({
      clientId: DEMO.clientId,
      clientSecret: DEMO.clientSecret,
      baseUrl: sandbox.baseUrl,
      accountUrl: sandbox.accountUrl,
      store,
      key,
      clock: time.clock,
    });
    let previous = (
      await oauth.loginWithPassword({ username: DEMO.username, password: DEMO.password })
    ).accessToken;

    // Two rounds, each past the 30-day access token lifetime and within the 3-month authorization.
    for (let round = 1; round <= 2; round++) {
      await time.advance(31 * DAY);
      // The one refresh is slow to answer, so the second process surely asks while the
      // first one's refresh is still in flight and has to wait for the lease.
      await injectFault(sandbox.baseUrl, {
        latency_ms: 500,
        path: "/oauth/token",
        host: "any",
        count: 1,
      });
      const before = await tokenRequestCounts(sandbox.baseUrl);
      const input = {
        file,
        key,
        baseUrl: sandbox.baseUrl,
        accountUrl: sandbox.accountUrl,
        clientId: DEMO.clientId,
        clientSecret: DEMO.clientSecret,
        clockOffsetMs: time.offsetMs(),
        calls: 50,
      };
      const workers = [startWorker(input), startWorker(input)];
      for (const worker of workers) expect(await nextLine(worker)).toBe("ready");
      for (const worker of workers) worker.child.stdin.write("go\n");
      const outputs = await Promise.all(
        workers.map(
          async (w) => JSON.parse(await nextLine(w)) as { tokens: string[]; errors: string[] },
        ),
      );
      await Promise.all(
        workers.map(
          (w) =>
            new Promise((resolve) =>
              w.child.exitCode === null ? w.child.once("exit", resolve) : resolve(null),
            ),
        ),
      );
      const after = await tokenRequestCounts(sandbox.baseUrl);

      for (const output of outputs) {
        expect(output.errors).toEqual([]);
        expect(output.tokens).toHaveLength(1);
      }
      expect(outputs[0]?.tokens[0]).toBe(outputs[1]?.tokens[0]);
      expect(outputs[0]?.tokens[0]).not.toBe(previous);
      expect((after.by_grant.refresh_token ?? 0) - (before.by_grant.refresh_token ?? 0)).toBe(1);
      expect(after.total - before.total).toBe(1);
      expect(after.by_status?.["400"] ?? 0).toBe(0);
      // The parent process reads the winner's tokens from the file too.
      expect(await oauth.accessToken()).toBe(outputs[0]?.tokens[0]);
      previous = outputs[0]?.tokens[0] ?? "";
    }
    store.close();
  });
});
