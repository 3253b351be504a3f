// A shipment as a client sends it to POST /packages, PUT /packages/{id} and
// POST /packages/validate, in both API versions. v1 carries `type` on the
// package; v2 carries it on every parcel (spec 9.2). Strict: an unknown key is
// an error that names it.
//
// Decisions where the spec is silent:
// - `pickup` is required but may be null, and `sender` is optional and may be
//   null: for one carrier both come from the carrier contract. Which carrier
//   that is, is a rule.
// - `service` (carrier name) and `service_id` (account-specific id from
//   GET /account/services) are each optional, but at least one must be given;
//   the issue is reported at `service`. The check runs even when other fields
//   are wrong, so that one parse names every problem. Because of that check,
//   use `.shape` to reuse the fields (zod forbids `.omit()`/`.pick()` on
//   refined objects).
// - `payer` and `user_reference_number` are free strings; `name` is the
//   merchant's own label for the shipment.
import { z } from "zod";
import { AdditionalServicesSchema } from "./additional-services.ts";
import { AddressSchema, PickupSchema, ReceiverSchema } from "./address.ts";
import { DutySchema } from "./duty.ts";
import { lazy } from "./lazy-schema.ts";
import { PackageTypeSchema, ParcelV1Schema, ParcelV2Schema } from "./parcel.ts";

export type ApiVersion = 1 | 2;
export const API_VERSIONS = [1, 2] as const satisfies readonly ApiVersion[];

const packageCommonShape = lazy(() => ({
  pickup: PickupSchema.nullable(),
  sender: AddressSchema.nullish(),
  receiver: ReceiverSchema,
  service: z.string().min(1).optional(),
  service_id: z.number().int().positive().optional(),
  user_reference_number: z.string().min(1).optional(),
  payer: z.string().min(1).optional(),
  additional_services: AdditionalServicesSchema.optional(),
  name: z.string().optional(),
  duty: DutySchema.optional(),
}));

/** Runs a refinement even when other fields failed, as long as the input is an object. */
const EVEN_WITH_OTHER_ISSUES = {
  when: (payload: z.core.ParsePayload): boolean =>
    typeof payload.value === "object" && payload.value !== null && !Array.isArray(payload.value),
};

function requireServiceOrServiceId(
  value: { service?: string | undefined; service_id?: number | undefined },
  ctx: z.core.$RefinementCtx,
): void {
  if (value.service === undefined && value.service_id === undefined) {
    ctx.addIssue({
      code: "custom",
      path: ["service"],
      message: "Give the carrier as service or service_id",
      params: { rule: "service_required" },
    });
  }
}

export const PackageV1Schema = lazy(() =>
  z
    .strictObject({
      ...packageCommonShape,
      type: PackageTypeSchema,
      parcels: z.array(ParcelV1Schema).min(1),
    })
    .superRefine(requireServiceOrServiceId, EVEN_WITH_OTHER_ISSUES),
);
export type PackageV1 = z.infer<typeof PackageV1Schema>;

export const PackageV2Schema = lazy(() =>
  z
    .strictObject({
      ...packageCommonShape,
      parcels: z.array(ParcelV2Schema).min(1),
    })
    .superRefine(requireServiceOrServiceId, EVEN_WITH_OTHER_ISSUES),
);
export type PackageV2 = z.infer<typeof PackageV2Schema>;

/** The package schema of each API version. */
export const PackageInputSchema = { 1: PackageV1Schema, 2: PackageV2Schema } as const;
export type PackageInput = { 1: PackageV1; 2: PackageV2 };

export function packageSchemaFor<V extends ApiVersion>(version: V): (typeof PackageInputSchema)[V] {
  return PackageInputSchema[version];
}
