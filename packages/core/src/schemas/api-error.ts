// The body of a failed REST request: HTTP 400 answers
// `{ errors: [ { path, message } ] }`, and some answers add a top-level
// `message`. `path` is dotted (receiver.phone). Inbound, tolerant.
import { z } from "zod";
import { lazy } from "./lazy-schema.ts";

export const ApiErrorEntrySchema = lazy(() =>
  z.looseObject({
    path: z.string().nullish(),
    message: z.string(),
    /** A stable, machine-readable rule code, when the answer carries one. */
    code: z.string().nullish(),
  }),
);
export type ApiErrorEntry = z.infer<typeof ApiErrorEntrySchema>;

export const ApiErrorResponseSchema = lazy(() =>
  z.looseObject({
    errors: z.array(ApiErrorEntrySchema).nullish(),
    message: z.string().nullish(),
  }),
);
export type ApiErrorResponse = z.infer<typeof ApiErrorResponseSchema>;
