// Counts the requests that reach the token endpoints (both hosts), so that a
// test can assert, for example, that 500 concurrent calls caused exactly one
// token request. Requests answered by an injected fault count too: the client
// did send them. The counts live in memory and POST /_sandbox/reset clears them.
import type { MiddlewareHandler } from "hono";
import { createMiddleware } from "hono/factory";
import type { SandboxEnv } from "../context.ts";
import { parseBasicAuthorization } from "../oauth/client-authentication.ts";

export type SandboxHost = "base" | "account";

export interface TokenRequestCounts {
  total: number;
  by_grant: Record<string, number>;
  by_client: Record<string, number>;
  by_host: Record<SandboxHost, number>;
  by_status: Record<string, number>;
}

function increment(counts: Record<string, number>, key: string): void {
  counts[key] = (counts[key] ?? 0) + 1;
}

export class TokenStats {
  #counts: TokenRequestCounts = TokenStats.#empty();
  #since: Date;

  /** `now` is the sandbox clock's time when counting starts. */
  constructor(now: Date = new Date()) {
    this.#since = now;
  }

  static #empty(): TokenRequestCounts {
    return {
      total: 0,
      by_grant: {},
      by_client: {},
      by_host: { base: 0, account: 0 },
      by_status: {},
    };
  }

  record(host: SandboxHost, grantType: string, clientId: string): void {
    this.#counts.total++;
    this.#counts.by_host[host]++;
    increment(this.#counts.by_grant, grantType);
    increment(this.#counts.by_client, clientId);
  }

  recordStatus(status: number): void {
    increment(this.#counts.by_status, String(status));
  }

  snapshot(): { token_requests: TokenRequestCounts; since: string } {
    return { token_requests: structuredClone(this.#counts), since: this.#since.toISOString() };
  }

  reset(now: Date): void {
    this.#counts = TokenStats.#empty();
    this.#since = now;
  }

  /** Middleware for POST /oauth/token: counts the request before anything can refuse it. */
  middleware(host: SandboxHost): MiddlewareHandler<SandboxEnv> {
    return createMiddleware<SandboxEnv>(async (c, next) => {
      // Read as bytes: Hono caches the first read, and the token endpoint
      // must see the raw bytes to refuse a body that is not UTF-8.
      const body = new TextDecoder().decode(await c.req.arrayBuffer());
      const grantType = new URLSearchParams(body).get("grant_type") || "(none)";
      let clientId = "(none)";
      try {
        clientId = parseBasicAuthorization(c.req.header("authorization"))?.clientId ?? "(none)";
      } catch {
        clientId = "(invalid)";
      }
      this.record(host, grantType, clientId);
      await next();
      this.recordStatus(c.res.status);
    });
  }
}
