// The body of a failed REST request: HTTP 400 answers
// `{ errors: [ { path, message } ] }`, and some answers add a top-level
// `message`. `path` is dotted (receiver.phone). Inbound, tolerant.
import { z } from "zod";

export const ApiErrorSchema = z.looseObject({
  path: z.string().nullish(),
  message: z.string(),
  /** A stable, machine-readable rule code, when the answer carries one. */
  code: z.string().nullish(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

export const ApiErrorResponseSchema = z.looseObject({
  errors: z.array(ApiErrorSchema).nullish(),
  message: z.string().nullish(),
});
export type ApiErrorResponse = z.infer<typeof ApiErrorResponseSchema>;
