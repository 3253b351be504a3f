// Addresses of a shipment: where the courier picks it up (pickup), who sends it
// (sender) and who receives it (receiver, optionally at a point).
//
// Requests (strict): name, street, postcode, city, country_code and phone are
// required, because every carrier needs them to move a parcel and call about
// it. company, county and email are optional and may be null, as existing
// clients send them. Only the shape is checked here: phone normalization, the
// receiver's first name and surname and the allowed countries are rules,
// applied by the rules module, as are the postcode form of each country and
// the house number where a courier must find the door.
// The free-text fields refuse control and bidi override characters
// (text_forbidden_character), which would garble a label or hide the real
// address behind a reordered display.
// `point` on pickup is the point where the sender hands the parcel in; on
// receiver it is the chosen locker or pickup-point code.
//
// Answers (tolerant): every field is optional and nullable, with the point
// label and data the service adds (pickup.email included).
import { z } from "zod";
import { CountryCodeSchema } from "./country-code.ts";
import { freeText } from "./free-text.ts";
import { lazy } from "./lazy-schema.ts";
import { PointSchema } from "./point.ts";

const addressShape = lazy(() => ({
  name: freeText(z.string().min(1)),
  company: freeText(z.string()).nullish(),
  street: freeText(z.string().min(1)),
  postcode: freeText(z.string().min(1)),
  city: freeText(z.string().min(1)),
  country_code: CountryCodeSchema,
  county: freeText(z.string()).nullish(),
  email: z.email().nullish(),
  phone: z.string().min(1),
}));

/** A sender address (also the base of pickup and receiver). */
export const AddressSchema = lazy(() => z.strictObject({ ...addressShape }));
export type Address = z.infer<typeof AddressSchema>;

const pointCode = lazy(() => z.string().min(1).nullish());

/** The pickup address; `point` is where the sender hands the parcel in, if anywhere. */
export const PickupSchema = lazy(() => z.strictObject({ ...addressShape, point: pointCode }));
export type Pickup = z.infer<typeof PickupSchema>;

/** The receiver; `point` holds the chosen locker or pickup-point code. */
export const ReceiverSchema = lazy(() => z.strictObject({ ...addressShape, point: pointCode }));
export type Receiver = z.infer<typeof ReceiverSchema>;

/** Any address as the service returns it (pickup, sender or receiver). */
export const AddressOutSchema = lazy(() =>
  z.looseObject({
    name: z.string().nullish(),
    company: z.string().nullish(),
    street: z.string().nullish(),
    postcode: z.string().nullish(),
    city: z.string().nullish(),
    country_code: z.string().nullish(),
    county: z.string().nullish(),
    email: z.string().nullish(),
    phone: z.string().nullish(),
    point: z.string().nullish(),
    point_label: z.string().nullish(),
    point_data: PointSchema.nullish(),
  }),
);
export type AddressOut = z.infer<typeof AddressOutSchema>;
export type AddressOutInput = z.input<typeof AddressOutSchema>;
