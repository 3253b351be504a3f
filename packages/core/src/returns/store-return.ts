// StoreReturn: the store-neutral return every adapter (Shopify, Medusa, a
// custom store) produces and that shipReturn turns into a return parcel: who
// sends it back (the customer), where they drop it (a locker or point of one
// carrier), and what goes back. Like StoreOrder it is what we receive from our
// own callers, so it is strict: an unknown key is an error that names it.
import { z } from "zod";
import { StoreAddressSchema, StoreOrderItemSchema } from "../mapping/store-order.ts";
import { lazy } from "../schemas/lazy-schema.ts";

const text = lazy(() => z.string().trim().min(1));

/** The customer who sends the parcel back: their address (the parcel's sender) and contact. */
export const StoreReturnCustomerSchema = lazy(() =>
  StoreAddressSchema.extend({ email: z.email().optional() }),
);
export type StoreReturnCustomer = z.output<typeof StoreReturnCustomerSchema>;

/** Where the customer hands the parcel in: a point that takes parcels in, of the carrier that carries it. */
export const StoreReturnDropOffSchema = lazy(() =>
  z.strictObject({
    /** The point's code as the carrier knows it (a locker such as KRA010). */
    point: text,
    /** The carrier as the service spells it (inpost, dpd, poczta...); the point must be one of its send points. */
    service: text,
  }),
);
export type StoreReturnDropOff = z.output<typeof StoreReturnDropOffSchema>;

/** One line of what goes back; `price` (of one unit) only when its value is declared. */
export const StoreReturnItemSchema = lazy(() =>
  StoreOrderItemSchema.extend({ price: z.number().finite().nonnegative().optional() }),
);
export type StoreReturnItem = z.output<typeof StoreReturnItemSchema>;

export const StoreReturnSchema = lazy(() =>
  z.strictObject({
    /** The store's stable return id: with the store id it names the return's package, command and lease. */
    id: text,
    /** The id of the order the items come back from. */
    orderId: text,
    /** The return's name as merchants see it (#1001-R1), for messages and the parcel's description. */
    name: text.optional(),
    customer: StoreReturnCustomerSchema,
    dropOff: StoreReturnDropOffSchema,
    items: z.array(StoreReturnItemSchema).min(1, "A return needs at least one item to send back"),
  }),
);

/** The neutral return as adapters write it (country codes in any case). */
export type StoreReturnInput = z.input<typeof StoreReturnSchema>;
/** The neutral return after parsing. */
export type StoreReturn = z.output<typeof StoreReturnSchema>;

/** The merchant who receives the parcel: their address and contact (options.merchant). */
export const ReturnMerchantSchema = StoreReturnCustomerSchema;
export type ReturnMerchantInput = z.input<typeof ReturnMerchantSchema>;
