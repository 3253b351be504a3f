// Codes shared by many structures: ISO 3166-1 alpha-2 country codes and
// ISO 4217 currency codes. Only the shape is checked here (two or three
// upper-case letters); which countries the service accepts is a rule of its
// own, kept with the other rules.
import { z } from "zod";
import { lazy } from "./lazy-schema.ts";

export const CountryCodeSchema = lazy(() =>
  z
    .string()
    .regex(/^[A-Z]{2}$/, "Must be a two-letter ISO 3166-1 country code in capitals, such as PL"),
);
export type CountryCode = z.infer<typeof CountryCodeSchema>;

export const CurrencyCodeSchema = lazy(() =>
  z
    .string()
    .regex(/^[A-Z]{3}$/, "Must be a three-letter ISO 4217 currency code in capitals, such as PLN"),
);
export type CurrencyCode = z.infer<typeof CurrencyCodeSchema>;
