// Cancelling ordered packages: PUT /cancel-command/{uuid} with the packages and
// the reason (reasonType, and reasonContent in the user's own words), then the
// command's state. Same asynchronous pattern as ordering. Request strict,
// answer tolerant. The reason types are the service's own codes, so reasonType
// is a non-empty string rather than a closed list.
import { z } from "zod";
import { commandResponseSchema } from "./command-state.ts";
import { PackageRefSchema } from "./identifiers.ts";
import { lazy } from "./lazy-schema.ts";

export const CancelCommandRequestSchema = lazy(() =>
  z.strictObject({
    packages: z.array(PackageRefSchema).min(1),
    reasonType: z.string().min(1),
    reasonContent: z.string().min(1).optional(),
  }),
);
export type CancelCommandRequest = z.infer<typeof CancelCommandRequestSchema>;

export const CancelCommandResponseSchema = lazy(() =>
  commandResponseSchema({
    successfully_canceled_packages: z.array(z.looseObject({ package_id: z.number() })).nullish(),
  }),
);
export type CancelCommandResponse = z.infer<typeof CancelCommandResponseSchema>;
