// The query parameters that the authorization endpoint appends to the
// registered return address (spec 2.2): a single-use code, valid 30 seconds,
// and the echoed state when one was sent. Inbound and tolerant: other
// parameters (for example `iss`) pass through.
import { z } from "zod";
import { lazy } from "./lazy-schema.ts";

export const AuthorizationRedirectResultSchema = lazy(() =>
  z.looseObject({
    code: z.string().min(1),
    state: z.string().optional(),
  }),
);
export type AuthorizationRedirectResult = z.infer<typeof AuthorizationRedirectResultSchema>;
