// The common shape of the simple resources: send one request with an input
// validated by the caller, check the answer against its inbound schema.
import type { z } from "zod";
import type { ApiVersion } from "../../schemas/package.ts";
import type { ClientContext } from "../client-context.ts";
import type { CallOptions, QueryValue } from "../transport.ts";

export interface Endpoint<Out> {
  readonly method: "GET" | "POST" | "PUT" | "DELETE";
  readonly path: string;
  /** The inbound schema of the answer; none for answers without a body. */
  readonly response: z.ZodType<Out> | undefined;
  /** Whether repeating it cannot do harm (reads and searches). */
  readonly idempotent: boolean;
  /** The version the endpoint has, when it has only one. */
  readonly version?: ApiVersion;
}

/** Calls an endpoint with a query (GET) or a JSON body (POST, PUT). */
export async function callEndpoint<Out>(
  context: ClientContext,
  endpoint: Endpoint<Out>,
  /** The validated query (GET) or body (POST, PUT). */
  payload: unknown,
  options: CallOptions | undefined,
): Promise<Out> {
  const checked = payload;
  const isQuery = endpoint.method === "GET";
  const raw = await context.transport.send(
    {
      method: endpoint.method,
      path: endpoint.path,
      idempotent: endpoint.idempotent,
      ...(endpoint.version !== undefined ? { version: endpoint.version } : {}),
      ...(checked === undefined
        ? {}
        : isQuery
          ? { query: checked as Record<string, QueryValue> }
          : { json: checked }),
    },
    options,
  );
  return context.transport.check(endpoint.response, raw, endpoint.method, endpoint.path);
}
