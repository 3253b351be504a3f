// @shipbridge/core/internal: what the sandbox shares with core and a store
// does not need: message rendering, raw input validation, the tracking push's
// checksum, the mapping's constants. NO STABILITY PROMISE: any name here may
// change or go in any release, minor or patch. Stores use the package root.
export { chunkCommandId } from "./batch/chunk-command-id.ts";
export { systemClock } from "./clock.ts";
export { summarizeIssues, toErrorResponseBody } from "./issues/issue.ts";
export { IssueCollector, type MessageParams, type RawIssue } from "./issues/issue-collector.ts";
export { DEFAULT_LANGUAGE, isLanguage, LANGUAGES } from "./issues/language.ts";
export { MESSAGES, renderMessage } from "./issues/messages.ts";
export {
  type CodAccount,
  LENGTH_UNITS,
  ORDER_COMMAND_NAMESPACE,
  type PostalService,
  type ShipOrderSteps,
  USER_REFERENCE_MAX_LENGTH,
  WEIGHT_UNITS,
} from "./mapping/index.ts";
export { type TrackingPushFields, trackingPushControl } from "./tracking/tracking-push-control.ts";
export {
  type LegacyResponseKind,
  type PackageOperation,
  readLegacyResponse,
  type ValidationOptions,
  validateInput,
} from "./validation/index.ts";
