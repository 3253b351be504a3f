// Registering the URL that the service pushes tracking updates to
// (PUT /account/tracking-webhook), and the registration it answers with. The
// secret is what the push's `control` checksum is computed with; it is sent
// once and never answered back. Request strict, answer tolerant.
//
// Decisions where the spec is silent: the URL must be http(s) (a push goes
// out over HTTP), the secret has 16 to 128 characters (long enough not to be
// guessed, short enough for any shop's configuration field), and the language
// of the pushed descriptions is pl_PL unless en_GB is asked for.
import { z } from "zod";
import { LANGUAGES } from "../issues/language.ts";
import { lazy } from "./lazy-schema.ts";

export const TRACKING_WEBHOOK_SECRET_MIN = 16;
export const TRACKING_WEBHOOK_SECRET_MAX = 128;

export const TrackingWebhookRequestSchema = lazy(() =>
  z.strictObject({
    url: z.url({ protocol: /^https?$/ }).max(2048),
    secret: z.string().min(TRACKING_WEBHOOK_SECRET_MIN).max(TRACKING_WEBHOOK_SECRET_MAX),
    language: z.enum(LANGUAGES).optional(),
  }),
);
export type TrackingWebhookRequest = z.infer<typeof TrackingWebhookRequestSchema>;

/** The registered webhook, as GET and PUT answer it: never with its secret. */
export const TrackingWebhookResponseSchema = lazy(() =>
  z.looseObject({
    url: z.string(),
    language: z.string().nullish(),
    datetime_add: z.string().nullish(),
  }),
);
export type TrackingWebhookResponse = z.infer<typeof TrackingWebhookResponseSchema>;
