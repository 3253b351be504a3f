// Messages from the service to the user. Version 2 has one `content` in the
// language chosen by the X-Language header; version 1 carried both languages
// as content_pl and content_en. Inbound, tolerant.
import { z } from "zod";
import { lazy } from "./lazy-schema.ts";

const messageShape = lazy(() => ({
  id: z.union([z.number(), z.string()]).nullish(),
  title: z.string().nullish(),
  type: z.string().nullish(),
  read: z.boolean().nullish(),
  datetime_add: z.string().nullish(),
}));

export const MessageV2Schema = lazy(() => z.looseObject({ ...messageShape, content: z.string() }));
export type MessageV2 = z.infer<typeof MessageV2Schema>;

export const MessagesV2ResponseSchema = lazy(() =>
  z.looseObject({ messages: z.array(MessageV2Schema) }),
);
export type MessagesV2Response = z.infer<typeof MessagesV2ResponseSchema>;

export const MessageV1Schema = lazy(() =>
  z.looseObject({
    ...messageShape,
    content_pl: z.string().nullish(),
    content_en: z.string().nullish(),
  }),
);
export type MessageV1 = z.infer<typeof MessageV1Schema>;

export const MessagesV1ResponseSchema = lazy(() =>
  z.looseObject({ messages: z.array(MessageV1Schema) }),
);
export type MessagesV1Response = z.infer<typeof MessagesV1ResponseSchema>;
