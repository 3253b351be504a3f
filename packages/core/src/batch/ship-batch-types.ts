// The shapes of shipBatch: its options, the progress it reports as it goes,
// and its result (every order either shipped, with its package and tracking
// numbers, or failed, with the error shipOrder would have thrown for it).
// Labels are not part of the result: a store fetches one order's label with
// `client.packages.label(packageId)` when asked, and the batch's merged file
// through a documents command.
import type { ShipbridgeError } from "../errors/shipbridge-error.ts";
import type { Issue } from "../issues/issue.ts";
import type { ShipOrderOptions } from "../mapping/ship-order.ts";

export interface ShipBatchOptions
  extends Omit<ShipOrderOptions, "label" | "userReferenceNumber" | "signal"> {
  /**
   * Not taken: each order's package is named shipOrderReference(storeId,
   * orderId), so that a rerun and shipOrder find it (refused with
   * not_a_batch_option, also when spread from shipOrder's options).
   */
  readonly userReferenceNumber?: never;
  /** Not taken: the batch fetches no labels (refused with not_a_batch_option). */
  readonly label?: never;
  /**
   * The batch's stable id (the store's batch row id); with storeId it names
   * the chunk commands, so a rerun of the same batch finds them. No colons.
   * Like shipOrder's, the names leave the account out: storeId must stay
   * with one account (one companyId). The same storeId and batchId run under
   * another account find their uuids taken there, and the chunk's orders
   * fail with the service's ConflictError, not retryable.
   */
  readonly batchId: string;
  /** Package creations at once (default chosen by the bench, see DEFAULT_BATCH_CONCURRENCY). */
  readonly concurrency?: number;
  /** Packages per order command (default chosen by the bench; at most ORDER_PACKAGES_MAX). */
  readonly chunkSize?: number;
  /** Stops the batch between steps; a rerun picks up where it stopped. */
  readonly signal?: AbortSignal;
  /** Called as the batch goes; an exception it throws is ignored. */
  readonly onProgress?: (progress: BatchProgress) => void;
}

export interface BatchProgress {
  readonly event: "created" | "ordered" | "labelled" | "failed" | "done";
  /** The order the event is about (absent on "done"). */
  readonly orderId?: string;
  readonly total: number;
  /** Orders whose package exists (created by this run or found). */
  readonly created: number;
  /** Orders whose package is ordered (paid). */
  readonly ordered: number;
  /** Orders whose label is ready. */
  readonly labelled: number;
  /** Orders that will not ship in this run. */
  readonly failed: number;
  /** Estimated milliseconds until every order is labelled or failed, once known. */
  readonly remainingMs?: number;
}

export interface ShipBatchResult {
  readonly batchId: string;
  /** In the order of `orders`. */
  readonly shipped: readonly BatchShipment[];
  /** In the order of `orders`. */
  readonly failed: readonly BatchFailure[];
  /** The order commands the batch sent or found (uuids). */
  readonly commandIds: readonly string[];
}

export interface BatchShipment {
  readonly orderId: string;
  readonly packageId: number;
  /**
   * The order command that ordered the package: a chunk's of this batch, or
   * shipOrder's own for an order left to it. Undefined when it was ordered
   * by a command the batch cannot name (another batch, shipOrder run by
   * another store process under another uuid, the merchant's panel).
   */
  readonly commandId: string | undefined;
  /** The carrier (the package's service). */
  readonly service: string;
  /** One per parcel, as the carrier numbers them. */
  readonly trackingNumbers: readonly string[];
  /** The public tracking page of each parcel (as shipOrder builds them). */
  readonly trackingUrls: readonly string[];
  /** toPackage's warnings and the service's. */
  readonly warnings: readonly Issue[];
  /**
   * Whether its label was ready when the batch ended. False only when the
   * wait for it ran out (the deadline): the package is ordered and paid all
   * the same, and its label comes with `client.packages.label(packageId)`.
   */
  readonly labelled: boolean;
}

export interface BatchFailure {
  readonly orderId: string;
  /** The error shipOrder would have thrown for this order (ValidationError, ShipOrderError, ApiError...). */
  readonly error: ShipbridgeError;
  /** Whether running the batch again may ship it (a transport failure, a lost lease) or not (invalid order, refused). */
  readonly retryable: boolean;
}
