// What a documents command of the shipping day gives back: one file (the
// merged labels of a batch, or one carrier's handover protocol) with the
// packages it holds and those the service left out, each with its reason.
import type { SkippedPackage } from "../mapping/command-refusals.ts";

export interface BatchDocument {
  /** The documents command's uuid, derived from the file's key and packages: asking again re-sends the same command (or its next attempt, once a package it left out can be in the file). */
  readonly commandId: string;
  /** application/pdf or application/zpl. */
  readonly contentType: string;
  readonly filename: string;
  readonly body: Uint8Array;
  /** The packages in the file, in its order: by package id. */
  readonly packageIds: readonly number[];
  /** The packages the service left out of the file, with its reason. */
  readonly skipped: readonly SkippedPackage[];
}
