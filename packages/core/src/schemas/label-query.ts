// The query of GET /packages/{id}/label: `label[page_format]` (a4 or a6)
// overrides the page format chosen when ordering; the file format is chosen by
// the Accept header, not the query. A query is a request, so it is strict.
import { z } from "zod";
import { lazy } from "./lazy-schema.ts";
import { LABEL_FILE_FORMATS, LABEL_PAGE_FORMATS } from "./order-command.ts";

export const LabelPageFormatSchema = lazy(() => z.enum(LABEL_PAGE_FORMATS));
export type LabelPageFormat = z.infer<typeof LabelPageFormatSchema>;

export const LabelFileFormatSchema = lazy(() => z.enum(LABEL_FILE_FORMATS));
export type LabelFileFormat = z.infer<typeof LabelFileFormatSchema>;

export const LabelQuerySchema = lazy(() =>
  z.strictObject({
    "label[page_format]": LabelPageFormatSchema.optional(),
  }),
);
export type LabelQuery = z.infer<typeof LabelQuerySchema>;
