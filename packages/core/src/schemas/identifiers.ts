// Identifiers that tie requests and answers together: the service's numeric
// package id and the client-chosen UUID of an asynchronous command.
import { z } from "zod";

export const PackageIdSchema = z.number().int().positive();
export type PackageId = z.infer<typeof PackageIdSchema>;

/** The UUID a client chooses for a command, so that repeating the PUT is idempotent. */
export const CommandUuidSchema = z.uuid();
export type CommandUuid = z.infer<typeof CommandUuidSchema>;

/** A reference to one package inside a command request: `{ id }`. */
export const PackageRefSchema = z.strictObject({ id: PackageIdSchema });
export type PackageRef = z.infer<typeof PackageRefSchema>;
