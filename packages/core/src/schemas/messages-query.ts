// The filters of the message list (GET /messages): the type of message,
// read or unread, a range of days (YYYY-MM-DD, inclusive, UTC) and paging.
// A query is a request, so it is strict.
//
// Decision where the spec is silent: `type` is one of MESSAGE_TYPES, not any
// text. A misspelt filter (`ordr`) would otherwise answer an empty list that
// looks like "no messages"; naming the allowed values at once is the kinder
// failure. The answer stays tolerant (MessageV2Schema.type is any text), so a
// type the service adds later is still read; it becomes filterable once it is
// added here.
import { z } from "zod";
import { RULE_CODES } from "../issues/rule-codes.ts";
import { lazy } from "./lazy-schema.ts";

export const MESSAGE_TYPES = ["info", "order", "cancel", "payment", "notice"] as const;
export const MessageTypeSchema = lazy(() => z.enum(MESSAGE_TYPES));
export type MessageType = z.infer<typeof MessageTypeSchema>;

export const MESSAGES_LIMIT_MAX = 500;

const isoDate = lazy(() => z.iso.date());

export const MessagesQuerySchema = lazy(() =>
  z
    .strictObject({
      type: MessageTypeSchema.optional(),
      read: z.boolean().optional(),
      date_from: isoDate.optional(),
      date_to: isoDate.optional(),
      limit: z.number().int().min(1).max(MESSAGES_LIMIT_MAX).optional(),
      page: z.number().int().min(1).optional(),
    })
    .check((ctx) => {
      const { date_from, date_to } = ctx.value;
      // Valid ISO dates compare as text; a day in the wrong format is named on its own.
      if (
        isoDate.safeParse(date_from).success &&
        isoDate.safeParse(date_to).success &&
        date_to !== undefined &&
        date_from !== undefined &&
        date_to < date_from
      ) {
        ctx.issues.push({
          code: "custom",
          input: date_to,
          path: ["date_to"],
          params: { rule: RULE_CODES.date_range_invalid },
        });
      }
    }),
);
export type MessagesQuery = z.infer<typeof MessagesQuerySchema>;
