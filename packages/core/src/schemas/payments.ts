// Payment creation: top up the account by an amount, and the created payment
// with the address to send the user to. The request is strict; the answer is
// tolerant. Amounts are in the currency's main unit (PLN, not grosze).
import { z } from "zod";
import { CurrencyCodeSchema } from "./country-code.ts";

export const PaymentCreateRequestSchema = z.strictObject({
  amount: z.number().positive(),
  currency: CurrencyCodeSchema.optional(),
  return_url: z.url().optional(),
});
export type PaymentCreateRequest = z.infer<typeof PaymentCreateRequestSchema>;

export const PaymentResponseSchema = z.looseObject({
  id: z.union([z.number(), z.string()]),
  status: z.string().nullish(),
  amount: z.number().nullish(),
  currency: z.string().nullish(),
  payment_url: z.string().nullish(),
});
export type PaymentResponse = z.infer<typeof PaymentResponseSchema>;
