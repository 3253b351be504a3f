// Reads and validates the JSON body of a /_sandbox control request. Problems
// come back as a 400 whose errors name each field and the rule it broke.
import { ShipbridgeError } from "@shipbridge/core";
import type { Context } from "hono";
import type { z } from "zod";
import { type ErrorEntry, zodErrorEntries } from "../http/json-error.ts";

/** A control request's body that is not JSON or not valid (code `invalid_request`, its 400's code). */
export class ControlInputError extends ShipbridgeError {
  readonly errors: readonly ErrorEntry[];

  constructor(message: string, errors: readonly ErrorEntry[] = []) {
    super("invalid_request", message);
    this.errors = errors;
  }
}

/** Parses the body with `schema`; an empty body is read as `{}`. */
export async function readControlBody<S extends z.ZodType>(
  c: Context,
  schema: S,
): Promise<z.output<S>> {
  const text = await c.req.text();
  let value: unknown = {};
  if (text.trim() !== "") {
    const type = c.req.header("content-type")?.split(";")[0]?.trim().toLowerCase();
    if (type !== "application/json") {
      throw new ControlInputError(
        "The body must be JSON, sent with Content-Type: application/json.",
      );
    }
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new ControlInputError(
        `The body is not valid JSON: ${error instanceof Error ? error.message : "unreadable"}.`,
      );
    }
  }
  const result = schema.safeParse(value, { reportInput: true });
  if (!result.success) {
    throw new ControlInputError(
      "The request body is not valid; see errors.",
      zodErrorEntries(result.error),
    );
  }
  return result.data;
}
