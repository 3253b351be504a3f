// Identifiers that tie requests and answers together: the service's numeric
// package id and the client-chosen UUID of an asynchronous command.
import { z } from "zod";
import { lazy } from "./lazy-schema.ts";

export const PackageIdSchema = lazy(() => z.number().int().positive());
export type PackageId = z.infer<typeof PackageIdSchema>;

/** The UUID a client chooses for a command, so that repeating the PUT is idempotent. */
export const CommandUuidSchema = lazy(() => z.uuid());
export type CommandUuid = z.infer<typeof CommandUuidSchema>;

/** A reference to one package inside a command request: `{ id }`. */
export const PackageRefSchema = lazy(() => z.strictObject({ id: PackageIdSchema }));
export type PackageRef = z.infer<typeof PackageRefSchema>;
