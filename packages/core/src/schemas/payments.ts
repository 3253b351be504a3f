// Payment creation: top up the account by an amount, and the created payment
// with the address to send the user to. The request is strict; the answer is
// tolerant. Amounts are in the currency's main unit (PLN, not grosze).
//
// The rules of a top-up, checked here so that the client refuses what the
// service would refuse, with the same messages:
// - the account is kept in PLN, so currency, when given, must be PLN;
// - the amount is positive, at most PAYMENT_AMOUNT_MAX zł, in whole grosze
//   (19.99 is, 19.991 is not; floating point is handled, see whole-grosze.ts),
//   and it is sent rounded to the grosz (0.1 + 0.2 is sent as 0.3);
// - return_url, where the gateway sends the user back, is an http(s) address.
import { z } from "zod";
import { RULE_CODES } from "../issues/rule-codes.ts";
import { CurrencyCodeSchema } from "./country-code.ts";
import { lazy } from "./lazy-schema.ts";
import { isWholeGrosze, roundToGrosze } from "./whole-grosze.ts";

/** The only currency the account is kept in. */
export const PAYMENT_CURRENCY = "PLN";
/** The largest top-up, in złoty. */
export const PAYMENT_AMOUNT_MAX = 100_000;

export const PaymentCreateRequestSchema = lazy(() =>
  z.strictObject({
    amount: z
      .number()
      .positive()
      .max(PAYMENT_AMOUNT_MAX)
      .refine(isWholeGrosze, { params: { rule: RULE_CODES.amount_whole_grosze } })
      .transform(roundToGrosze),
    currency: CurrencyCodeSchema.refine((currency) => currency === PAYMENT_CURRENCY, {
      params: { rule: RULE_CODES.currency_not_supported, currency: PAYMENT_CURRENCY },
    }).optional(),
    return_url: z
      .url({ protocol: /^https?$/ })
      .max(2048)
      .optional(),
  }),
);
export type PaymentCreateRequest = z.infer<typeof PaymentCreateRequestSchema>;

export const PaymentResponseSchema = lazy(() =>
  z.looseObject({
    id: z.union([z.number(), z.string()]),
    status: z.string().nullish(),
    amount: z.number().nullish(),
    currency: z.string().nullish(),
    payment_url: z.string().nullish(),
  }),
);
export type PaymentResponse = z.infer<typeof PaymentResponseSchema>;
