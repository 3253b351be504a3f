// The bin on a bare machine: started as a process without DATABASE_URL, it
// runs its embedded PostgreSQL in SHIPBRIDGE_DATA_DIR, serves the app, stops
// cleanly on SIGTERM, and a second start finds the same database again. A
// bin killed outright leaves its server running (in a process group of its
// own); the next start stops it and starts afresh on the same data, and a
// bin started on a folder another running bin uses is refused.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { freePort } from "@shipbridge/tooling/free-port";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";

const BIN = join(import.meta.dirname, "..", "cli.ts");
const dataDir = mkdtempSync(join(tmpdir(), "shipbridge-bin-"));
// As root, PostgreSQL runs as the user postgres, which must reach the folder.
chmodSync(dataDir, 0o777);

afterAll(async () => {
  // A server a failed run left behind (its bin killed) is stopped with the folder.
  const pidFile = join(dataDir, "pg", "postmaster.pid");
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
    try {
      process.kill(pid, "SIGINT");
    } catch {}
    for (let waited = 0; existsSync(pidFile) && waited < 10_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
});

/** Starts the bin; answers the process and the URL it printed. */
async function startBin(
  databasePort: number,
  port = "0",
): Promise<{ child: ChildProcess; url: string; output: string }> {
  const child = spawn(process.execPath, ["--conditions=@shipbridge/source", BIN], {
    cwd: join(import.meta.dirname, "..", ".."),
    env: {
      PATH: process.env.PATH,
      SHOPIFY_API_KEY: "key",
      SHOPIFY_API_SECRET: "secret",
      SHOPIFY_APP_URL: "https://ship.example.com",
      SHIPBRIDGE_CLIENT_ID: "client",
      SHIPBRIDGE_CLIENT_SECRET: "client-secret",
      SHIPBRIDGE_BASE_URL: "http://127.0.0.1:9",
      SHIPBRIDGE_DATA_DIR: dataDir,
      SHIPBRIDGE_DATABASE_PORT: String(databasePort),
      PORT: port,
      HOST: "127.0.0.1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the bin did not start: ${output}`)), 90_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /listening on (http:\/\/\S+)/.exec(output);
      if (found?.[1]) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the bin exited with ${code}: ${output}`));
    });
  });
  return { child, url, output };
}

function stopBin(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.once("exit", (code) => resolve(code));
    child.kill("SIGTERM");
  });
}

describe("the bin without DATABASE_URL", () => {
  it("runs its embedded PostgreSQL, keeps its data, and stops cleanly", async () => {
    if (userInfo().uid === 0) {
      try {
        execFileSync("id", ["-u", "postgres"], { stdio: "ignore" });
      } catch {
        execFileSync("useradd", ["postgres"], { stdio: "ignore" });
      }
    }
    const port = await freePort();
    const first = await startBin(port);
    expect(await (await fetch(`${first.url}/health`)).text()).toBe("ok");
    // It says where its data is, before it listens.
    const where =
      /embedded PostgreSQL on 127\.0\.0\.1:(\d+), its data in (\S+) \(SHIPBRIDGE_DATA_DIR/.exec(
        first.output,
      );
    expect(where?.[1]).toBe(String(port));
    expect(existsSync(join(where?.[2] as string, "PG_VERSION"))).toBe(true);
    // A webhook with a wrong HMAC reaches the app on its own database and is refused.
    const forged = await fetch(`${first.url}/webhooks`, {
      method: "POST",
      body: "{}",
      headers: {
        "content-type": "application/json",
        "x-shopify-topic": "orders/paid",
        "x-shopify-shop-domain": "a.myshopify.com",
        "x-shopify-api-version": "2026-10",
        "x-shopify-webhook-id": "w1",
        "x-shopify-hmac-sha256": "AAAA",
      },
    });
    expect(forged.status).toBe(401);
    expect(existsSync(join(dataDir, "pg", "PG_VERSION"))).toBe(true);
    // The app made its tables there; a shop's settings written now must survive a restart.
    const database = `postgres://shipbridge:shipbridge-local@127.0.0.1:${port}/postgres`;
    const write = new pg.Client({ connectionString: database });
    await write.connect();
    await write.query(
      `INSERT INTO shipbridge_shopify_settings (shop, settings) VALUES ('kept.myshopify.com', '{}')`,
    );
    await write.end();
    expect(await stopBin(first.child)).toBe(0);

    // Started again on the same folder: the existing database, no new initdb.
    const second = await startBin(port);
    expect(await (await fetch(`${second.url}/health`)).text()).toBe("ok");
    const read = new pg.Client({ connectionString: database });
    await read.connect();
    const { rows } = await read.query("SELECT shop FROM shipbridge_shopify_settings");
    await read.end();
    expect(rows).toEqual([{ shop: "kept.myshopify.com" }]);
    expect(await stopBin(second.child)).toBe(0);
  }, 180_000);
});

/** Whether the process runs (a zombie, dead but not yet reaped by its new parent, does not). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
}

function postmaster(): number {
  return Number(readFileSync(join(dataDir, "pg", "postmaster.pid"), "utf8").split("\n")[0]);
}

describe("the bin killed outright", () => {
  it("leaves its database, which the next start stops and replaces; a second bin is refused", async () => {
    const port = await freePort();
    const first = await startBin(port);
    const left = postmaster();
    const killed = new Promise((resolve) => first.child.once("exit", resolve));
    first.child.kill("SIGKILL");
    await killed;
    expect(alive(left)).toBe(true);

    const second = await startBin(port);
    expect(await (await fetch(`${second.url}/health`)).text()).toBe("ok");
    expect(alive(left)).toBe(false);
    expect(postmaster()).not.toBe(left);

    // Another bin on the same folder, while this one runs: refused, and nothing stopped.
    const refused = await startBin(port).then(
      () => "started",
      (error: Error) => error.message,
    );
    expect(refused).toContain("is in use by another running process");
    expect(await (await fetch(`${second.url}/health`)).text()).toBe("ok");
    expect(await stopBin(second.child)).toBe(0);
  }, 180_000);
});
