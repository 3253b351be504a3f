// The common shape of the simple resources: send one request with an input
// validated by the caller, check the answer against its inbound schema; or
// check a record's id and send a request without a body to its address.
import { z } from "zod";
import { lazy } from "../../schemas/lazy-schema.ts";
import type { ApiVersion } from "../../schemas/package.ts";
import type { ClientContext } from "../client-context.ts";
import { checkInput } from "../input-check.ts";
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

/** The id of one record of the account (a template, a message, a payment, an address). */
const RecordIdSchema = lazy(() => z.number().int().positive());

/**
 * Checks a record's id, then calls an endpoint at the record's address
 * without a query or body. Such calls (reading, deleting, marking as read)
 * are harmless to repeat.
 */
export async function callOnRecord<Out>(
  context: ClientContext,
  id: number,
  endpoint: Omit<Endpoint<Out>, "path" | "idempotent"> & { readonly path: (id: number) => string },
  options: CallOptions | undefined,
): Promise<Out> {
  const checked = checkInput(context, RecordIdSchema, id, options);
  return callEndpoint(
    context,
    { ...endpoint, path: endpoint.path(checked), idempotent: true },
    undefined,
    options,
  );
}
