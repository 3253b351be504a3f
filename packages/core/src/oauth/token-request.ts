// One POST to the token endpoint, with client authentication, a timeout and
// failover: the addresses are tried in order, moving on after a network error,
// a timeout or a 5xx answer, and never after a 4xx (the server has decided).
// The answer itself is read by processTokenResponse().
import type { ClientAuthentication } from "./client-authentication.ts";
import { OAUTH_CLIENT_ERROR_CODES, TokenEndpointError } from "./errors.ts";

/** The form fields of each grant (spec 4.2). */
export type GrantParameters =
  | { grant_type: "authorization_code"; code: string; redirect_uri: string }
  | { grant_type: "refresh_token"; refresh_token: string; scope?: string | undefined }
  | { grant_type: "password"; username: string; password: string; scope?: string | undefined }
  | { grant_type: "client_credentials"; scope?: string | undefined };

export interface TokenEndpointTarget {
  /** The token endpoint addresses, in the order to try them. */
  readonly endpoints: readonly string[];
  readonly clientAuthentication: ClientAuthentication;
  readonly fetch: typeof globalThis.fetch;
  /** Per address. */
  readonly timeoutMs: number;
}

/** The answer of the first address that did not fail over, and which address that was. */
export interface TokenEndpointAnswer {
  readonly response: Response;
  readonly endpoint: string;
}

export async function tokenEndpointRequest(
  target: TokenEndpointTarget,
  grant: GrantParameters,
): Promise<TokenEndpointAnswer> {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(grant)) {
    if (value !== undefined) body.set(name, value);
  }
  const failures: string[] = [];
  let lastStatus: number | undefined;
  let lastCause: unknown;
  for (const endpoint of target.endpoints) {
    const headers = new Headers({
      accept: "application/json",
      "content-type": "application/x-www-form-urlencoded;charset=UTF-8",
    });
    target.clientAuthentication({ headers, body });
    let response: Response;
    try {
      response = await target.fetch(endpoint, {
        method: "POST",
        headers,
        body: body.toString(),
        redirect: "manual",
        signal: AbortSignal.timeout(target.timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === "TimeoutError";
      failures.push(
        `${endpoint}: ${timedOut ? `no answer within ${target.timeoutMs} ms` : "network error"}`,
      );
      lastStatus = undefined;
      lastCause = error;
      continue;
    }
    if (response.status >= 500) {
      failures.push(`${endpoint}: HTTP ${response.status}`);
      lastStatus = response.status;
      lastCause = undefined;
      await response.body?.cancel();
      continue;
    }
    return { response, endpoint };
  }
  throw new TokenEndpointError(
    OAUTH_CLIENT_ERROR_CODES.token_endpoint_unavailable,
    `the token endpoint is unavailable; tried ${failures.join("; ")}`,
    { status: lastStatus, endpoints: target.endpoints, cause: lastCause },
  );
}
