// The state of an asynchronous command (ordering, cancelling, a pickup,
// documents in bulk): its status, the errors it met, and the answer every
// command shares, to which each adds the list of packages it processed.
// Answers are tolerant.
//
// Decision where the spec is silent: `status` is checked against
// COMMAND_STATUSES, because pollers decide on it.
import { z } from "zod";
import { CommandUuidSchema } from "./identifiers.ts";
import { lazy } from "./lazy-schema.ts";

export const COMMAND_STATUSES = [
  "queueing",
  "running",
  "successful",
  "partial_success",
  "error",
] as const;
export const CommandStatusSchema = lazy(() => z.enum(COMMAND_STATUSES));
export type CommandStatus = z.infer<typeof CommandStatusSchema>;

/** Statuses after which a command never changes again. */
export const FINAL_COMMAND_STATUSES = [
  "successful",
  "partial_success",
  "error",
] as const satisfies readonly CommandStatus[];

export function isFinalCommandStatus(status: CommandStatus): boolean {
  return (FINAL_COMMAND_STATUSES as readonly CommandStatus[]).includes(status);
}

export const CommandErrorSchema = lazy(() =>
  z.looseObject({
    package_id: z.number().nullish(),
    path: z.string().nullish(),
    message: z.string(),
  }),
);
export type CommandError = z.infer<typeof CommandErrorSchema>;

/**
 * A command's answer: its uuid, status, errors and times, with the fields
 * that name the packages it processed placed after the errors.
 */
export function commandResponseSchema<Processed extends z.ZodRawShape>(processed: Processed) {
  return z.looseObject({
    uuid: CommandUuidSchema,
    status: CommandStatusSchema,
    errors: z.array(CommandErrorSchema).nullish(),
    ...processed,
    datetime_add: z.string().nullish(),
    datetime_change: z.string().nullish(),
  });
}
