// Additional services of a shipment: the request form (strict, every flag the
// spec and the facts name) and the answer form (tolerant).
//
// Decisions where the spec is silent:
// - Every service is a boolean flag except: cod (an object), delivery_on_day
//   (a date "YYYY-MM-DD"), and delivery_on_time (a time range
//   `{ from, to }` in "HH:MM"). Whether a window such as 13:00-20:00 is allowed
//   for a carrier is a rule, not a shape.
// - waiting_time and food are boolean flags on the way out; the answer also
//   tolerates a number or a string for them, as older data carries.
// - Flags seen in public clients beyond the spec (additional_handling,
//   saturday_sunday_delivery, guarantee_next_day, valuable_shipment, insurance,
//   self_pickup, receiver_sms_notification) are accepted so that existing
//   integrations keep working.
// - Removed or renamed keys (sending_at_point, poczta_kurier24) are NOT here.
//   The rules module handles them, with a specific message, before the strict
//   parse; anything left over fails as an unknown key.
// - The executed COD transfer status arrives in the service's own camelCase
//   keys (transferDone, transferDateInfo, transferStatus).
import { z } from "zod";
import { CurrencyCodeSchema } from "./country-code.ts";
import { LegacyDigitalLabelSchema } from "./digital-label.ts";
import { lazy } from "./lazy-schema.ts";

/** Cash on delivery: the amount to collect and the account it is paid into. */
export const CodSchema = lazy(() =>
  z.strictObject({
    amount: z.number().positive(),
    express: z.boolean().optional(),
    iban: z.string().min(1),
    name: z.string().optional(),
    currency: CurrencyCodeSchema.optional(),
    swift: z.string().optional(),
  }),
);
export type Cod = z.infer<typeof CodSchema>;

/** A delivery time range, "HH:MM" to "HH:MM". */
export const DeliveryTimeRangeSchema = lazy(() =>
  z.strictObject({
    from: z.iso.time({ precision: -1 }),
    to: z.iso.time({ precision: -1 }),
  }),
);
export type DeliveryTimeRange = z.infer<typeof DeliveryTimeRangeSchema>;

/** Every boolean service flag a request may carry. */
export const ADDITIONAL_SERVICE_FLAGS = [
  "rod",
  "cud",
  "private_shipping",
  "guarantee_0800",
  "guarantee_0900",
  "guarantee_0930",
  "guarantee_1200",
  "guarantee_next_day",
  "delivery_after_1700",
  "saturday_delivery",
  "saturday_sunday_delivery",
  "saturday_pickup",
  "sms_predelivery_information",
  "receiver_sms_notification",
  "receiver_email_notification",
  "fragile",
  "personal_delivery",
  "documents_supply",
  "registered_letter",
  "waiting_time",
  "premium",
  "digital_label",
  "poczta_ekspres24",
  "kurier48",
  "check_content",
  "pickup_confirmation",
  "delivery_confirmation",
  "food",
  "additional_handling",
  "valuable_shipment",
  "insurance",
  "self_pickup",
] as const;
export type AdditionalServiceFlag = (typeof ADDITIONAL_SERVICE_FLAGS)[number];

/** Every key of a request's additional_services. */
export const ADDITIONAL_SERVICE_KEYS = [
  "cod",
  "delivery_on_day",
  "delivery_on_time",
  ...ADDITIONAL_SERVICE_FLAGS,
] as const;
export type AdditionalServiceKey = (typeof ADDITIONAL_SERVICE_KEYS)[number];

const optionalFlag = lazy(() => z.boolean().optional());
const flagShape = lazy(
  () =>
    Object.fromEntries(ADDITIONAL_SERVICE_FLAGS.map((flag) => [flag, optionalFlag])) as Record<
      AdditionalServiceFlag,
      typeof optionalFlag
    >,
);

export const AdditionalServicesSchema = lazy(() =>
  z.strictObject({
    cod: CodSchema.optional(),
    delivery_on_day: z.iso.date().optional(),
    delivery_on_time: DeliveryTimeRangeSchema.optional(),
    ...flagShape,
  }),
);
export type AdditionalServices = z.infer<typeof AdditionalServicesSchema>;

/** COD as the service returns it, with the status of the executed transfer. */
export const CodOutSchema = lazy(() =>
  z.looseObject({
    amount: z.number().nullish(),
    express: z.boolean().nullish(),
    iban: z.string().nullish(),
    name: z.string().nullish(),
    currency: z.string().nullish(),
    swift: z.string().nullish(),
    transferDone: z.boolean().nullish(),
    transferDateInfo: z.string().nullish(),
    transferStatus: z.string().nullish(),
  }),
);
export type CodOut = z.infer<typeof CodOutSchema>;

const flagOut = lazy(() => z.boolean().nullish());
const flagOutShape = lazy(
  () =>
    Object.fromEntries(ADDITIONAL_SERVICE_FLAGS.map((flag) => [flag, flagOut])) as Record<
      AdditionalServiceFlag,
      typeof flagOut
    >,
);

export const AdditionalServicesOutSchema = lazy(() =>
  z.looseObject({
    ...flagOutShape,
    cod: CodOutSchema.nullish(),
    delivery_on_day: z.string().nullish(),
    delivery_on_time: z
      .looseObject({ from: z.string().nullish(), to: z.string().nullish() })
      .nullish(),
    waiting_time: z.union([z.boolean(), z.number(), z.string()]).nullish(),
    food: z.union([z.boolean(), z.string()]).nullish(),
    digital_label: LegacyDigitalLabelSchema.nullish(),
    /** Surcharge for a parcel of 30 to 50 kg. */
    weight_30_50: z.boolean().nullish(),
    /** The courier drives up to the door (no carrying). */
    courier_drive_up: z.boolean().nullish(),
  }),
);
export type AdditionalServicesOut = z.infer<typeof AdditionalServicesOutSchema>;
export type AdditionalServicesOutInput = z.input<typeof AdditionalServicesOutSchema>;
