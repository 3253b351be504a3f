// The RFC 6749 error body of the token and authorization endpoints:
// `{ error, error_description? }`. `error` is kept a string so that codes from
// any OAuth 2.0 server parse; OAUTH_ERROR_CODES lists the ones the service uses.
import { z } from "zod";
import { lazy } from "./lazy-schema.ts";

export const OAUTH_ERROR_CODES = {
  invalid_request: "invalid_request",
  invalid_client: "invalid_client",
  invalid_grant: "invalid_grant",
  unauthorized_client: "unauthorized_client",
  unsupported_grant_type: "unsupported_grant_type",
  invalid_scope: "invalid_scope",
  access_denied: "access_denied",
  unsupported_response_type: "unsupported_response_type",
  server_error: "server_error",
  temporarily_unavailable: "temporarily_unavailable",
} as const;
export type OAuthErrorCode = (typeof OAUTH_ERROR_CODES)[keyof typeof OAUTH_ERROR_CODES];

export const OAuthErrorResponseSchema = lazy(() =>
  z.looseObject({
    error: z.string().min(1),
    error_description: z.string().optional(),
    error_uri: z.string().optional(),
  }),
);
export type OAuthErrorResponse = z.infer<typeof OAuthErrorResponseSchema>;
