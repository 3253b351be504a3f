// The account's address book (/account/address-book): saved sender and
// receiver addresses, listed (optionally by type), added and removed. A new
// entry is checked with core's schemas first, every problem named by its path.
import {
  type AddressBookEntry,
  type AddressBookEntryRequest,
  AddressBookEntryRequestSchema,
  AddressBookEntrySchema,
  type AddressBookQuery,
  AddressBookQuerySchema,
  type AddressBookResponse,
  AddressBookResponseSchema,
} from "../../schemas/index.ts";
import type { ClientContext } from "../client-context.ts";
import { checkInput } from "../input-check.ts";
import type { CallOptions } from "../transport.ts";
import { callEndpoint, callOnRecord } from "./endpoint.ts";

export class AddressBookResource {
  readonly #context: ClientContext;

  constructor(context: ClientContext) {
    this.#context = context;
  }

  /** The saved addresses, oldest first; `{ type }` keeps senders or receivers only. */
  async list(query: AddressBookQuery = {}, options?: CallOptions): Promise<AddressBookResponse> {
    return callEndpoint(
      this.#context,
      {
        method: "GET",
        path: "/account/address-book",
        response: AddressBookResponseSchema,
        idempotent: true,
        version: 1,
      },
      checkInput(this.#context, AddressBookQuerySchema, query, options),
      options,
    );
  }

  /** Saves an address (not repeated on failure, since each request adds an entry). */
  async create(entry: AddressBookEntryRequest, options?: CallOptions): Promise<AddressBookEntry> {
    return callEndpoint(
      this.#context,
      {
        method: "POST",
        path: "/account/address-book",
        response: AddressBookEntrySchema,
        idempotent: false,
        version: 1,
      },
      checkInput(this.#context, AddressBookEntryRequestSchema, entry, options),
      options,
    );
  }

  /** Removes a saved address; NotFoundError when there is none with this id. */
  async delete(id: number, options?: CallOptions): Promise<void> {
    await callOnRecord(
      this.#context,
      id,
      {
        method: "DELETE",
        path: (checked) => `/account/address-book/${checked}`,
        response: undefined,
        version: 1,
      },
      options,
    );
  }
}
