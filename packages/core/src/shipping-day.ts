// The shipping day's part of the root entry, gathered in one place: one file
// of labels for many packages and a handover protocol per carrier
// (documents/), the courier booked for them (courier/), orders in several
// parcels (the `parcels` option of the mapping), and the day's reckoning of
// what was paid against what the stores asked for (reckoning/).
export type { DownloadedDocument } from "./api/index.ts";
export {
  type BookedPickup,
  type BookPickupOptions,
  bookPickup,
} from "./courier/book-pickup.ts";
export { type CancelledPickup, cancelPickup } from "./courier/cancel-pickup.ts";
export {
  COURIER_ERROR_CODES,
  CourierError,
  type CourierErrorCode,
  isCourierError,
} from "./courier/courier-error.ts";
export {
  type CarrierPickup,
  type CourierPickup,
  type CourierPickupOptions,
  courierPickup,
  type PickupExclusion,
} from "./courier/courier-pickup.ts";
export type { BatchDocument } from "./documents/batch-document.ts";
export { type BatchLabelsOptions, batchLabels } from "./documents/batch-labels.ts";
export {
  DOCUMENTS_ERROR_CODES,
  DocumentsError,
  type DocumentsErrorCode,
  isDocumentsError,
} from "./documents/documents-error.ts";
export type { DocumentsCallOptions } from "./documents/documents-options.ts";
export {
  type HandoverProtocol,
  type HandoverProtocols,
  type HandoverProtocolsOptions,
  handoverProtocols,
  type RefusedProtocol,
} from "./documents/handover-protocols.ts";
export type { SkippedPackage } from "./mapping/command-refusals.ts";
export type { DayCallOptions } from "./mapping/day-call.ts";
export type {
  BoxRule,
  CodSplit,
  ParcelLimits,
  ParcelsOption,
  SplitEntry,
} from "./mapping/parcels-option.ts";
export {
  type ApplyRemedyOptions,
  applyRemedy,
  type RemedyResult,
} from "./reckoning/apply-remedy.ts";
export { type DayReckoningOptions, dayReckoning } from "./reckoning/day-reckoning.ts";
export {
  type CancelPackageRemedy,
  type PaidAmount,
  RECKONING_FLAGS,
  type Reckoning,
  type ReckoningFlag,
  type ReckoningRow,
  type Remedy,
  type StoreOrderStatus,
  type StoreTotal,
} from "./reckoning/reckoning.ts";
export {
  isRemedyError,
  REMEDY_ERROR_CODES,
  RemedyError,
  type RemedyErrorCode,
} from "./reckoning/remedy-error.ts";
export type { StoreReference } from "./reckoning/store-reference.ts";
