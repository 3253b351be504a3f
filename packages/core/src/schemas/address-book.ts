// The account's address book (/account/address-book): saved sender and
// receiver addresses. A new entry is `{ type, label?, address }`, the address
// in the shape of a shipment's sender (AddressSchema) or receiver
// (ReceiverSchema, which may carry a `point`); the list can be narrowed by
// type. Requests strict, answers tolerant.
//
// Decision where the spec is silent: a label has 1 to 100 characters, free
// of control and bidi override characters.
import { z } from "zod";
import { AddressOutSchema, AddressSchema, ReceiverSchema } from "./address.ts";
import { freeText } from "./free-text.ts";
import { lazy } from "./lazy-schema.ts";

export const ADDRESS_BOOK_TYPES = ["sender", "receiver"] as const;
export const AddressBookTypeSchema = lazy(() => z.enum(ADDRESS_BOOK_TYPES));
export type AddressBookType = z.infer<typeof AddressBookTypeSchema>;

const label = lazy(() => freeText(z.string().min(1).max(100)).optional());

export const AddressBookEntryRequestSchema = lazy(() =>
  z.discriminatedUnion("type", [
    z.strictObject({ type: z.literal("sender"), label, address: AddressSchema }),
    z.strictObject({ type: z.literal("receiver"), label, address: ReceiverSchema }),
  ]),
);
export type AddressBookEntryRequest = z.infer<typeof AddressBookEntryRequestSchema>;

/** GET /account/address-book?type=sender|receiver */
export const AddressBookQuerySchema = lazy(() =>
  z.strictObject({ type: AddressBookTypeSchema.optional() }),
);
export type AddressBookQuery = z.infer<typeof AddressBookQuerySchema>;

/** One saved address, as the service answers it. */
export const AddressBookEntrySchema = lazy(() =>
  z.looseObject({
    id: z.number(),
    type: z.string(),
    label: z.string().nullish(),
    address: AddressOutSchema,
    datetime_add: z.string().nullish(),
  }),
);
export type AddressBookEntry = z.infer<typeof AddressBookEntrySchema>;

export const AddressBookResponseSchema = lazy(() =>
  z.looseObject({
    addresses: z.array(AddressBookEntrySchema),
  }),
);
export type AddressBookResponse = z.infer<typeof AddressBookResponseSchema>;
