// Carrier regulations (terms) a user accepts: each document has a type, a key
// that identifies it, the extra text of the acceptance statement
// (additional_content) and the full text to display (content). The answer of
// the regulations resource is `{ regulations: [...] }`. Inbound, tolerant.
import { z } from "zod";
import { lazy } from "./lazy-schema.ts";

export const RegulationDocumentSchema = lazy(() =>
  z.looseObject({
    type: z.string(),
    key: z.string(),
    additional_content: z.string().nullish(),
    content: z.string().nullish(),
    service: z.string().nullish(),
    url: z.string().nullish(),
  }),
);
export type RegulationDocument = z.infer<typeof RegulationDocumentSchema>;

export const RegulationsResponseSchema = lazy(() =>
  z.looseObject({
    regulations: z.array(RegulationDocumentSchema),
  }),
);
export type RegulationsResponse = z.infer<typeof RegulationsResponseSchema>;
