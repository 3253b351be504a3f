// The race of two OS processes sharing one token store, for every store that
// can be shared: both renew an expired token at the same moment, the sandbox
// sees one refresh, neither process meets invalid_grant, and both end up with
// the winner's token.
import { join } from "node:path";
import { OAuthClient, type TokenStore } from "@shipbridge/core";
import { describe, expect, it } from "vitest";
import { DEMO, injectFault, tokenRequestCounts, useTestSandbox } from "../testing/oauth-sandbox.ts";
import { raceWorkers } from "../testing/worker-process.ts";

const WORKER = join(import.meta.dirname, "refresh-worker.ts");
const DAY = 24 * 60 * 60;

export interface SharedStoreSetup {
  /** The parent's own store on the shared storage. */
  store(): TokenStore & { close(): unknown };
  /** What a worker needs to open the same storage: `{ file }` or `{ postgres }`. */
  workerInput(): Record<string, unknown>;
}

export function describeMultiprocessRefresh(name: string, setup: SharedStoreSetup): void {
  const { sandbox, time } = useTestSandbox("all");

  describe(`${name} across OS processes`, () => {
    it("two processes refreshing at once spend the refresh token once, with no invalid_grant", async () => {
      const key = "merchant-42";
      const store = setup.store();
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
          ...setup.workerInput(),
          key,
          baseUrl: sandbox.baseUrl,
          accountUrl: sandbox.accountUrl,
          clientId: DEMO.clientId,
          clientSecret: DEMO.clientSecret,
          clockOffsetMs: time.offsetMs(),
          calls: 50,
        };
        const outputs = await raceWorkers<{ tokens: string[]; errors: string[] }>(WORKER, [
          input,
          input,
        ]);
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
        // The parent process reads the winner's tokens from the shared store too.
        expect(await oauth.accessToken()).toBe(outputs[0]?.tokens[0]);
        previous = outputs[0]?.tokens[0] ?? "";
      }
      await store.close();
    });
  });
}
