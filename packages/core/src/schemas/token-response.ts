// The answer of the token endpoint for every grant (spec 2.1). Inbound, so
// tolerant: unknown keys (scope, id_token, ...) pass through. RFC 6749 makes
// token_type case-insensitive, so "bearer" is accepted and read as "Bearer".
// expires_in must be an integer number of seconds; clients must use it rather
// than a constant. refresh_token is absent for client_credentials.
import { z } from "zod";
import { lazy } from "./lazy-schema.ts";

export const TokenTypeSchema = lazy(() =>
  z
    .string()
    .regex(/^bearer$/i, "The token type must be Bearer")
    .transform((): "Bearer" => "Bearer"),
);

export const TokenResponseSchema = lazy(() =>
  z.looseObject({
    token_type: TokenTypeSchema,
    expires_in: z.number().int().nonnegative(),
    access_token: z.string().min(1),
    refresh_token: z.string().min(1).optional(),
    scope: z.string().optional(),
  }),
);
export type TokenResponse = z.infer<typeof TokenResponseSchema>;
export type TokenResponseInput = z.input<typeof TokenResponseSchema>;
