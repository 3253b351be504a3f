// Two OS processes sharing one SqliteTokenStore file renew an expired token at
// the same moment: one refresh, no invalid_grant, one winner's token for both.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SqliteTokenStore } from "@shipbridge/core";
import { afterAll } from "vitest";
import { describeMultiprocessRefresh } from "./multiprocess-refresh.ts";

const dir = mkdtempSync(join(tmpdir(), "shipbridge-multiprocess-"));
const file = join(dir, "tokens.db");
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describeMultiprocessRefresh("SqliteTokenStore", {
  store: () => new SqliteTokenStore(file),
  workerInput: () => ({ file }),
});
