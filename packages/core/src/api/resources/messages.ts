// The account's messages from the service. Version 2 answers `content` in
// the language of X-Language; version 1 answers content_pl and content_en.
import {
  type MessagesV1Response,
  MessagesV1ResponseSchema,
  type MessagesV2Response,
  MessagesV2ResponseSchema,
} from "../../schemas/index.ts";
import { type ClientContext, versionOf } from "../client-context.ts";
import type { CallOptions } from "../transport.ts";
import { callEndpoint } from "./endpoint.ts";

export class MessagesResource {
  readonly #context: ClientContext;

  constructor(context: ClientContext) {
    this.#context = context;
  }

  list(options?: CallOptions & { readonly version?: 2 }): Promise<MessagesV2Response>;
  list(options: CallOptions & { readonly version: 1 }): Promise<MessagesV1Response>;
  list(options?: CallOptions): Promise<MessagesV1Response | MessagesV2Response> {
    const version = versionOf(this.#context, options);
    return callEndpoint<MessagesV1Response | MessagesV2Response>(
      this.#context,
      {
        method: "GET",
        path: "/messages",
        response: version === 1 ? MessagesV1ResponseSchema : MessagesV2ResponseSchema,
        idempotent: true,
      },
      undefined,
      options,
    );
  }
}
