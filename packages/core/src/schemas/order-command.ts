// Ordering packages: PUT /order-commands/{uuid} with the packages to order, and
// the command's state from GET /order-commands/{uuid}. The client chooses the
// UUID, so repeating the PUT is idempotent. The request is strict; the answer
// is tolerant.
//
// Decisions where the spec is silent:
// - The label options default on the service side (pdf, a4) when omitted.
// - `errors[]` entries name the package they concern (package_id) and, when
//   known, the field path; successfully_ordered_packages holds the summary of
//   each ordered package (OrderSummaryPackageSchema).
// - One command orders 1 to ORDER_PACKAGES_MAX (100) packages; a larger batch
//   is sent as several commands.
import { z } from "zod";
import { commandResponseSchema } from "./command-state.ts";
import { PackageRefSchema } from "./identifiers.ts";
import { lazy } from "./lazy-schema.ts";
import { OrderSummaryPackageSchema } from "./package-details.ts";

export const LABEL_FILE_FORMATS = ["pdf", "zpl"] as const;
export const LABEL_PAGE_FORMATS = ["a4", "a6"] as const;

/** The most packages one order command takes. */
export const ORDER_PACKAGES_MAX = 100;

export const LabelOptionsSchema = lazy(() =>
  z.strictObject({
    file_format: z.enum(LABEL_FILE_FORMATS).optional(),
    page_format: z.enum(LABEL_PAGE_FORMATS).optional(),
  }),
);
export type LabelOptions = z.infer<typeof LabelOptionsSchema>;

export const OrderCommandRequestSchema = lazy(() =>
  z.strictObject({
    packages: z.array(PackageRefSchema).min(1).max(ORDER_PACKAGES_MAX),
    label: LabelOptionsSchema.optional(),
    only_order_pickup: z.boolean().optional(),
    skip_email_send: z.boolean().optional(),
  }),
);
export type OrderCommandRequest = z.infer<typeof OrderCommandRequestSchema>;

export const OrderCommandResponseSchema = lazy(() =>
  commandResponseSchema({
    successfully_ordered_packages: z.array(OrderSummaryPackageSchema).nullish(),
  }),
);
export type OrderCommandResponse = z.infer<typeof OrderCommandResponseSchema>;
