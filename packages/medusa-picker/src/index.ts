// @shipbridge/medusa-picker: the framework-free part of the pickup-point
// picker (the client of the plugin's store routes, its error, the texts in
// English and Polish, and how a point is named). The React component is at
// @shipbridge/medusa-picker/react.

export {
  isPickerError,
  PICKER_ERROR_CODES,
  PickerError,
  type PickerErrorCode,
} from "./client/picker-error.ts";
export {
  type CallOptions,
  createPickupClient,
  type PickupClient,
  type PickupClientOptions,
  type PickupOption,
  type PickupPoint,
  type PointsQuery,
  pointData,
} from "./client/pickup-client.ts";
export { readSearch, type SearchQuery } from "./client/search-query.ts";
export {
  isPickerLanguage,
  PICKER_LANGUAGES,
  PICKER_TEXT,
  type PickerLanguage,
  type PickerText,
  type PickerTextKey,
  say,
} from "./i18n/messages.ts";
export { formatPrice, pointAddress, pointDistance, pointTitle } from "./points/describe-point.ts";
