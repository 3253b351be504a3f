// The account's messages from the service (GET /messages), newest first.
// Version 2 answers `content` in the language of X-Language; version 1
// answers content_pl and content_en. Filters narrow the list; a message can
// be marked as read.
import {
  type MessagesQuery,
  MessagesQuerySchema,
  type MessagesV1Response,
  MessagesV1ResponseSchema,
  type MessagesV2Response,
  MessagesV2ResponseSchema,
} from "../../schemas/index.ts";
import { type ClientContext, versionOf } from "../client-context.ts";
import { checkInput } from "../input-check.ts";
import type { CallOptions } from "../transport.ts";
import { callEndpoint, callOnRecord } from "./endpoint.ts";

export class MessagesResource {
  readonly #context: ClientContext;

  constructor(context: ClientContext) {
    this.#context = context;
  }

  list(
    query?: MessagesQuery,
    options?: CallOptions & { readonly version?: 2 },
  ): Promise<MessagesV2Response>;
  list(
    query: MessagesQuery | undefined,
    options: CallOptions & { readonly version: 1 },
  ): Promise<MessagesV1Response>;
  async list(
    query: MessagesQuery = {},
    options?: CallOptions,
  ): Promise<MessagesV1Response | MessagesV2Response> {
    const version = versionOf(this.#context, options);
    const checked = checkInput(this.#context, MessagesQuerySchema, query, options);
    return callEndpoint<MessagesV1Response | MessagesV2Response>(
      this.#context,
      {
        method: "GET",
        path: "/messages",
        response: version === 1 ? MessagesV1ResponseSchema : MessagesV2ResponseSchema,
        idempotent: true,
      },
      checked,
      options,
    );
  }

  /** Marks one message as read (harmless to repeat). */
  async markRead(id: number, options?: CallOptions): Promise<void> {
    await callOnRecord(
      this.#context,
      id,
      {
        method: "POST",
        path: (checked) => `/messages/${checked}/read`,
        response: undefined,
        version: 1,
      },
      options,
    );
  }
}
