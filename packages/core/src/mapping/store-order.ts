// StoreOrder: the store-neutral order that every adapter (Shopify, Medusa, a
// custom store) produces and that toPackage turns into a shipment. It is what
// we receive from our own callers, so it is strict: an unknown key is an error
// that names it, which catches typos such as `postal_code` for `postcode`.
import { z } from "zod";
import { lazy } from "../schemas/lazy-schema.ts";

/** Units of mass an item weight may be given in. Totals are converted to kilograms. */
export const WEIGHT_UNITS = ["g", "kg", "lb", "oz"] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];

/** Units of length item dimensions may be given in. Parcels are converted to whole centimetres. */
export const LENGTH_UNITS = ["mm", "cm", "m", "in"] as const;
export type LengthUnit = (typeof LENGTH_UNITS)[number];

const text = lazy(() => z.string().trim().min(1));

export const StoreWeightSchema = lazy(() =>
  z.strictObject({
    /** Weight of one unit of the item; zero is allowed for weightless items (gift cards). */
    value: z.number().finite().nonnegative(),
    unit: z.enum(WEIGHT_UNITS),
  }),
);
export type StoreWeight = z.infer<typeof StoreWeightSchema>;

export const StoreDimensionsSchema = lazy(() =>
  z.strictObject({
    length: z.number().finite().positive(),
    width: z.number().finite().positive(),
    height: z.number().finite().positive(),
    unit: z.enum(LENGTH_UNITS),
  }),
);
export type StoreDimensions = z.infer<typeof StoreDimensionsSchema>;

export const StoreOrderItemSchema = lazy(() =>
  z.strictObject({
    sku: text.optional(),
    name: text,
    quantity: z.number().int().positive(),
    /** Weight of ONE unit; toPackage multiplies it by `quantity`. */
    weight: StoreWeightSchema,
    /** Outer dimensions of one unit, when the store knows them. */
    dimensions: StoreDimensionsSchema.optional(),
    /** Price of one unit in the order currency, in major units (129.99, not 12999). */
    price: z.number().finite().nonnegative(),
  }),
);
export type StoreOrderItem = z.infer<typeof StoreOrderItemSchema>;

export const StoreCustomerSchema = lazy(() =>
  z.strictObject({
    email: z.email().optional(),
    phone: text.optional(),
    first_name: text.optional(),
    last_name: text.optional(),
    /** A full name, for stores that keep only one name field; split into first name and surname. */
    full_name: text.optional(),
  }),
);
export type StoreCustomer = z.infer<typeof StoreCustomerSchema>;

export const StoreAddressSchema = lazy(() =>
  z.strictObject({
    /** Full name of the addressee; first_name/last_name win when given. */
    name: text.optional(),
    first_name: text.optional(),
    last_name: text.optional(),
    company: text.optional(),
    street: text,
    /** Flat, floor, building: appended to `street`. */
    street2: text.optional(),
    postcode: text,
    city: text,
    /** ISO 3166-1 alpha-2, upper or lower case. */
    country_code: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/, "a two-letter ISO 3166-1 country code")
      .transform((code) => code.toUpperCase()),
    province: text.optional(),
    /** Phone at the address; preferred over the customer's phone for the receiver. */
    phone: text.optional(),
  }),
);
export type StoreAddress = z.infer<typeof StoreAddressSchema>;
/** The address as a store writes it (the country code in any case). */
export type StoreAddressInput = z.input<typeof StoreAddressSchema>;

const currency = lazy(() =>
  z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3}$/, "a three-letter ISO 4217 currency code")
    .transform((code) => code.toUpperCase()),
);

export const StoreTotalsSchema = lazy(() =>
  z.strictObject({
    /** Sum of item prices, in major units of the order currency. */
    items: z.number().finite().nonnegative().optional(),
    shipping: z.number().finite().nonnegative().optional(),
    total: z.number().finite().nonnegative(),
  }),
);
export type StoreTotals = z.infer<typeof StoreTotalsSchema>;

export const StoreCodSchema = lazy(() =>
  z.strictObject({
    /** Amount the carrier collects from the receiver, in major units. */
    amount: z.number().finite().positive(),
    currency,
  }),
);
export type StoreCod = z.infer<typeof StoreCodSchema>;

export const StoreShippingChoiceSchema = lazy(() =>
  z
    .strictObject({
      /** Carrier name as the service spells it: inpost, dpd, poczta, orlen... */
      service: text.optional(),
      /** The account-specific numeric service id from GET /account/services. */
      service_id: z.number().int().positive().optional(),
      /** The shipping method's title in the store, for messages only. */
      title: text.optional(),
    })
    .refine((choice) => choice.service !== undefined || choice.service_id !== undefined, {
      message: "Choose a service: give the carrier `service` or the account's `service_id`",
      path: ["service"],
      // Validation reports it with the package's own rule and message.
      params: { rule: "service_required" },
    }),
);
export type StoreShippingChoice = z.infer<typeof StoreShippingChoiceSchema>;

export const StorePickupPointSchema = lazy(() =>
  z.strictObject({
    /** The point's code as the carrier knows it (a locker name such as KRA010). */
    code: text,
    /** The carrier the point belongs to; it must match the chosen service. */
    carrier: text,
  }),
);
export type StorePickupPoint = z.infer<typeof StorePickupPointSchema>;

export const StoreOrderSchema = lazy(() =>
  z.strictObject({
    /** The store's stable order id; it becomes the package's user_reference_number by default. */
    id: text,
    /** The order's name as merchants see it (#1001). */
    name: text,
    customer: StoreCustomerSchema,
    shipping_address: StoreAddressSchema,
    items: z.array(StoreOrderItemSchema).min(1, "An order needs at least one item to ship"),
    currency,
    totals: StoreTotalsSchema,
    /** Present when the receiver pays on delivery. */
    cod: StoreCodSchema.optional(),
    shipping: StoreShippingChoiceSchema,
    pickup_point: StorePickupPointSchema.optional(),
  }),
);

/** The neutral order as adapters write it (country and currency codes in any case). */
export type StoreOrderInput = z.input<typeof StoreOrderSchema>;
/** The neutral order after parsing (codes upper-cased, strings trimmed). */
export type StoreOrder = z.output<typeof StoreOrderSchema>;
