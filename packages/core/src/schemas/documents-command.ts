// Documents in bulk for ordered packages: PUT /documents-command/{uuid} asks
// for every package's label in one file (`labels`) or the handover protocol a
// courier signs (`protocol`); the command runs like ordering and, once final,
// lists the documents to download. Request strict, answer tolerant.
//
// Decisions where the spec is silent: one command covers 1 to 500 packages;
// file_format (pdf or zpl, default pdf) and page_format (a4 or a6, default
// a4) apply to labels: an A6 PDF has one label per page, an A4 PDF four per
// page, ZPL one label block per parcel. A protocol is always an A4 PDF and
// serves one carrier; asking for it as ZPL is protocol_pdf_only.
import { z } from "zod";
import { RULE_CODES } from "../issues/rule-codes.ts";
import { commandResponseSchema } from "./command-state.ts";
import { PackageRefSchema } from "./identifiers.ts";
import { lazy } from "./lazy-schema.ts";
import { LABEL_FILE_FORMATS, LABEL_PAGE_FORMATS } from "./order-command.ts";

export const DOCUMENT_TYPES = ["labels", "protocol"] as const;
export const DocumentTypeSchema = lazy(() => z.enum(DOCUMENT_TYPES));
export type DocumentType = z.infer<typeof DocumentTypeSchema>;

export const DOCUMENTS_PACKAGES_MAX = 500;

export const DocumentsCommandRequestSchema = lazy(() =>
  z
    .strictObject({
      packages: z.array(PackageRefSchema).min(1).max(DOCUMENTS_PACKAGES_MAX),
      type: DocumentTypeSchema,
      file_format: z.enum(LABEL_FILE_FORMATS).optional(),
      page_format: z.enum(LABEL_PAGE_FORMATS).optional(),
    })
    .check((ctx) => {
      if (ctx.value.type === "protocol" && ctx.value.file_format === "zpl") {
        ctx.issues.push({
          code: "custom",
          input: ctx.value.file_format,
          path: ["file_format"],
          params: { rule: RULE_CODES.protocol_pdf_only },
        });
      }
    }),
);
export type DocumentsCommandRequest = z.infer<typeof DocumentsCommandRequestSchema>;

/** A document the finished command produced, and where to download it. */
export const CommandDocumentSchema = lazy(() =>
  z.looseObject({
    type: z.string(),
    file_format: z.string().nullish(),
    url: z.string(),
  }),
);
export type CommandDocument = z.infer<typeof CommandDocumentSchema>;

export const DocumentsCommandResponseSchema = lazy(() =>
  commandResponseSchema({
    successfully_processed_packages: z.array(z.looseObject({ package_id: z.number() })).nullish(),
    documents: z.array(CommandDocumentSchema).nullish(),
  }),
);
export type DocumentsCommandResponse = z.infer<typeof DocumentsCommandResponseSchema>;
