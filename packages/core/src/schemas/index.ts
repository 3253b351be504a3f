// The domain model of the shipping service: zod schemas and their types for
// everything a client sends (strict: an unknown key is an error that names it)
// and everything it receives (tolerant: unknown keys pass through).

export {
  type AccountService,
  AccountServiceSchema,
  type AccountServicesResponse,
  AccountServicesResponseSchema,
  SERVICE_CONTRACTS,
  type ServiceContract,
  ServiceContractSchema,
} from "./account-services.ts";
export {
  ADDITIONAL_SERVICE_FLAGS,
  ADDITIONAL_SERVICE_KEYS,
  type AdditionalServiceFlag,
  type AdditionalServiceKey,
  type AdditionalServices,
  type AdditionalServicesOut,
  type AdditionalServicesOutInput,
  AdditionalServicesOutSchema,
  AdditionalServicesSchema,
  type Cod,
  type CodOut,
  CodOutSchema,
  CodSchema,
  type DeliveryTimeRange,
  DeliveryTimeRangeSchema,
} from "./additional-services.ts";
export {
  type Address,
  type AddressOut,
  type AddressOutInput,
  AddressOutSchema,
  AddressSchema,
  type Pickup,
  PickupSchema,
  type Receiver,
  ReceiverSchema,
} from "./address.ts";
export {
  type AddressAutocompleteRequest,
  AddressAutocompleteRequestSchema,
  type AddressAutocompleteResponse,
  AddressAutocompleteResponseSchema,
  type AddressSuggestion,
  AddressSuggestionSchema,
  REGIONS,
  type Region,
  RegionSchema,
} from "./address-autocomplete.ts";
export {
  ADDRESS_BOOK_TYPES,
  type AddressBookEntry,
  type AddressBookEntryRequest,
  AddressBookEntryRequestSchema,
  AddressBookEntrySchema,
  type AddressBookQuery,
  AddressBookQuerySchema,
  type AddressBookResponse,
  AddressBookResponseSchema,
  type AddressBookType,
  AddressBookTypeSchema,
} from "./address-book.ts";
export {
  type ApiErrorEntry,
  ApiErrorEntrySchema,
  type ApiErrorResponse,
  ApiErrorResponseSchema,
} from "./api-error.ts";
export {
  type AuthorizationRedirectResult,
  AuthorizationRedirectResultSchema,
} from "./authorization-redirect-result.ts";
export {
  type CalculatePricePackageV1,
  CalculatePricePackageV1Schema,
  type CalculatePricePackageV2,
  CalculatePricePackageV2Schema,
  type CalculatePriceRequestV1,
  CalculatePriceRequestV1Schema,
  type CalculatePriceRequestV2,
  CalculatePriceRequestV2Schema,
  type CalculatePriceResponse,
  CalculatePriceResponseSchema,
  type CourierDetails,
  CourierDetailsSchema,
  type ServicePrice,
  type ServicePriceError,
  ServicePriceErrorSchema,
  ServicePriceSchema,
  type ServicesFilter,
  ServicesFilterSchema,
} from "./calculate-price.ts";
export {
  type CancelCommandRequest,
  CancelCommandRequestSchema,
  type CancelCommandResponse,
  CancelCommandResponseSchema,
} from "./cancel-command.ts";
export {
  type CitiesRequest,
  CitiesRequestSchema,
  type CitiesResponse,
  CitiesResponseSchema,
  type City,
  CitySchema,
} from "./cities.ts";
export {
  COMMAND_STATUSES,
  type CommandError,
  CommandErrorSchema,
  type CommandStatus,
  CommandStatusSchema,
  FINAL_COMMAND_STATUSES,
  isFinalCommandStatus,
} from "./command-state.ts";
export {
  type CountryCode,
  CountryCodeSchema,
  type CurrencyCode,
  CurrencyCodeSchema,
} from "./country-code.ts";
export { type CountryListResponse, CountryListResponseSchema } from "./country-list.ts";
export {
  type Dictionary,
  DictionarySchema,
  type PhonePrefix,
  PhonePrefixSchema,
} from "./dictionary.ts";
export { type LegacyDigitalLabel, LegacyDigitalLabelSchema } from "./digital-label.ts";
export {
  type CommandDocument,
  CommandDocumentSchema,
  DOCUMENT_TYPES,
  DOCUMENTS_PACKAGES_MAX,
  type DocumentsCommandRequest,
  DocumentsCommandRequestSchema,
  type DocumentsCommandResponse,
  DocumentsCommandResponseSchema,
  type DocumentType,
  DocumentTypeSchema,
} from "./documents-command.ts";
export { type Duty, type DutyOut, DutyOutSchema, DutySchema } from "./duty.ts";
export { FreeTextSchema, freeText } from "./free-text.ts";
export {
  type CommandUuid,
  CommandUuidSchema,
  type PackageId,
  PackageIdSchema,
  type PackageRef,
  PackageRefSchema,
} from "./identifiers.ts";
export {
  type LabelFileFormat,
  LabelFileFormatSchema,
  type LabelPageFormat,
  LabelPageFormatSchema,
  type LabelQuery,
  LabelQuerySchema,
} from "./label-query.ts";
export {
  type MessagesV1Response,
  MessagesV1ResponseSchema,
  type MessagesV2Response,
  MessagesV2ResponseSchema,
  type MessageV1,
  MessageV1Schema,
  type MessageV2,
  MessageV2Schema,
} from "./messages.ts";
export {
  MESSAGE_TYPES,
  MESSAGES_LIMIT_MAX,
  type MessagesQuery,
  MessagesQuerySchema,
  type MessageType,
  MessageTypeSchema,
} from "./messages-query.ts";
export {
  OAUTH_ERROR_CODES,
  type OAuthErrorCode,
  type OAuthErrorResponse,
  OAuthErrorResponseSchema,
} from "./oauth-error-response.ts";
export {
  LABEL_FILE_FORMATS,
  LABEL_PAGE_FORMATS,
  type LabelOptions,
  LabelOptionsSchema,
  ORDER_PACKAGES_MAX,
  type OrderCommandRequest,
  OrderCommandRequestSchema,
  type OrderCommandResponse,
  OrderCommandResponseSchema,
} from "./order-command.ts";
export {
  API_VERSIONS,
  type ApiVersion,
  type PackageInput,
  PackageInputSchema,
  type PackageV1,
  PackageV1Schema,
  type PackageV2,
  PackageV2Schema,
  packageSchemaFor,
} from "./package.ts";
export {
  type AdditionalServicesDictionary,
  AdditionalServicesDictionarySchema,
  type LabelInfo,
  LabelInfoSchema,
  type OrderSummaryPackage,
  OrderSummaryPackageSchema,
  type PackageDetailsV1,
  type PackageDetailsV1Input,
  PackageDetailsV1Schema,
  type PackageDetailsV2,
  type PackageDetailsV2Input,
  PackageDetailsV2Schema,
  type PackageDocument,
  PackageDocumentSchema,
  type PackageListQuery,
  PackageListQuerySchema,
  type PackageListResponse,
  PackageListResponseSchema,
  type ParcelDetailedV1,
  ParcelDetailedV1Schema,
  type ParcelDetailedV2,
  ParcelDetailedV2Schema,
  type RelatedPackage,
  RelatedPackageSchema,
} from "./package-details.ts";
export {
  type PackageConversionResult,
  packageV1ToV2,
  packageV2ToV1,
} from "./package-versions.ts";
export {
  PACKAGE_TYPES,
  type PackageType,
  PackageTypeSchema,
  type ParcelV1,
  ParcelV1Schema,
  type ParcelV2,
  ParcelV2Schema,
} from "./parcel.ts";
export {
  PAYMENT_AMOUNT_MAX,
  PAYMENT_CURRENCY,
  type PaymentCreateRequest,
  PaymentCreateRequestSchema,
  type PaymentResponse,
  PaymentResponseSchema,
} from "./payments.ts";
export {
  PICKUP_PACKAGES_MAX,
  type PickupCancelResponse,
  PickupCancelResponseSchema,
  type PickupCommandPackage,
  PickupCommandPackageSchema,
  type PickupCommandRequest,
  PickupCommandRequestSchema,
  type PickupCommandResponse,
  PickupCommandResponseSchema,
  type PickupDateProposalsRequest,
  PickupDateProposalsRequestSchema,
  type PickupDateProposalsResponse,
  PickupDateProposalsResponseSchema,
  type PickupWindow,
  PickupWindowSchema,
  type TimeOfDay,
  TimeOfDaySchema,
} from "./pickup-command.ts";
export { type PickupDate, PickupDateSchema } from "./pickup-date.ts";
export {
  type Coordinates,
  type CoordinatesOut,
  CoordinatesOutSchema,
  CoordinatesSchema,
  type OpeningHours,
  OpeningHoursSchema,
  POINT_KINDS,
  POINT_TYPES,
  type Point,
  type PointAddress,
  PointAddressSchema,
  type PointInput,
  type PointKind,
  PointKindSchema,
  PointSchema,
  type PointSpecificDetails,
  PointSpecificDetailsSchema,
  type PointType,
  PointTypeSchema,
} from "./point.ts";
export {
  type MapBounds,
  MapBoundsSchema,
  type PointsFilters,
  PointsFiltersSchema,
  type PointsLocation,
  PointsLocationSchema,
  type PointsMapRequest,
  PointsMapRequestSchema,
  type PointsMapResponse,
  PointsMapResponseSchema,
} from "./points-map.ts";
export {
  type PriceDetail,
  PriceDetailSchema,
  type PricingOutV1,
  PricingOutV1Schema,
  type PricingOutV2,
  PricingOutV2Schema,
} from "./pricing.ts";
export {
  type RegulationDocument,
  RegulationDocumentSchema,
  type RegulationsResponse,
  RegulationsResponseSchema,
} from "./regulations.ts";
export {
  type Street,
  StreetSchema,
  type StreetsRequest,
  StreetsRequestSchema,
  type StreetsResponse,
  StreetsResponseSchema,
} from "./streets.ts";
export {
  TEMPLATE_PACKAGES_MAX,
  TemplateNameSchema,
  type TemplatePackage,
  TemplatePackageInputSchema,
  TemplatePackageSchema,
  type TemplatePackageV1,
  TemplatePackageV1Schema,
  type TemplatesV1Response,
  TemplatesV1ResponseSchema,
  type TemplatesV2Response,
  TemplatesV2ResponseSchema,
  type TemplateV1,
  type TemplateV1Request,
  TemplateV1RequestSchema,
  TemplateV1Schema,
  type TemplateV2,
  type TemplateV2Request,
  TemplateV2RequestSchema,
  TemplateV2Schema,
} from "./templates.ts";
export {
  type TokenResponse,
  type TokenResponseInput,
  TokenResponseSchema,
  TokenTypeSchema,
} from "./token-response.ts";
export {
  type AddToTrackingRequest,
  AddToTrackingRequestSchema,
  type AddToTrackingResponse,
  AddToTrackingResponseSchema,
  type ParcelTracking,
  ParcelTrackingSchema,
  TRACKING_STATES,
  type TrackingEvent,
  TrackingEventSchema,
  type TrackingState,
  TrackingStateSchema,
  type TrackingV1Response,
  TrackingV1ResponseSchema,
  type TrackingV2Response,
  TrackingV2ResponseSchema,
} from "./tracking.ts";
export { type TrackingPush, TrackingPushSchema } from "./tracking-push.ts";
export {
  TRACKING_WEBHOOK_SECRET_MAX,
  TRACKING_WEBHOOK_SECRET_MIN,
  type TrackingWebhookRequest,
  TrackingWebhookRequestSchema,
  type TrackingWebhookResponse,
  TrackingWebhookResponseSchema,
} from "./tracking-webhook.ts";
export { type UserDataEditRequest, UserDataEditRequestSchema } from "./user-data.ts";
