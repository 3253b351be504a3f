// The carrier services available to an account (GET /account/services, which
// needs a user token). `id` is the account-specific service_id a package may
// name instead of the carrier; `service` is the carrier name; service_contract
// says whether the account ships on its own contract with the carrier ("own")
// or on the service's ("furgonetka"). Inbound, tolerant of extra keys.
import { z } from "zod";
import { lazy } from "./lazy-schema.ts";

export const SERVICE_CONTRACTS = ["own", "furgonetka"] as const;
export const ServiceContractSchema = lazy(() => z.enum(SERVICE_CONTRACTS));
export type ServiceContract = z.infer<typeof ServiceContractSchema>;

export const AccountServiceSchema = lazy(() =>
  z.looseObject({
    id: z.number().int().positive(),
    service: z.string().min(1),
    name: z.string(),
    service_contract: ServiceContractSchema,
    active: z.boolean().nullish(),
  }),
);
export type AccountService = z.infer<typeof AccountServiceSchema>;

export const AccountServicesResponseSchema = lazy(() =>
  z.looseObject({
    services: z.array(AccountServiceSchema),
  }),
);
export type AccountServicesResponse = z.infer<typeof AccountServicesResponseSchema>;
