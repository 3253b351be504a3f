// The service's asynchronous commands with client-chosen UUIDs: ordering
// packages (PUT /order-commands/{uuid}, which spends the account's money) and
// cancelling them (PUT /cancel-command/{uuid}), ordering a courier pickup
// (PUT /pickup-commands/{uuid}, cancelled with DELETE while the service
// allows) and documents in bulk (PUT /documents-command/{uuid}). Because the client chooses the
// UUID, repeating the PUT is idempotent, so it is retried like a read; `run`
// sends it and polls the command until a final status, and `wait` polls a
// command sent earlier without sending it again, starting from an answer
// already read when given one. Polling asks again when the service's
// Retry-After says the command's state changes (the client's own growing
// interval only when it says nothing), and never waits once the answer is
// final.
import type { z } from "zod";
import {
  type CancelCommandRequest,
  CancelCommandRequestSchema,
  type CancelCommandResponse,
  CancelCommandResponseSchema,
  type CommandDocument,
  CommandUuidSchema,
  type DocumentsCommandRequest,
  DocumentsCommandRequestSchema,
  type DocumentsCommandResponse,
  DocumentsCommandResponseSchema,
  isFinalCommandStatus,
  type OrderCommandRequest,
  OrderCommandRequestSchema,
  type OrderCommandResponse,
  OrderCommandResponseSchema,
  type PickupCancelResponse,
  PickupCancelResponseSchema,
  type PickupCommandRequest,
  PickupCommandRequestSchema,
  type PickupCommandResponse,
  PickupCommandResponseSchema,
} from "../../schemas/index.ts";
import { type ClientContext, pollDeadline } from "../client-context.ts";
import type { Deadline } from "../deadline.ts";
import { checkInput } from "../input-check.ts";
import { type PollStep, poll } from "../poll.ts";
import { parseRetryAfter } from "../retry-policy.ts";
import type { CallOptions, RawResponse } from "../transport.ts";
import { type DownloadedDocument, downloadDocument } from "./document-download.ts";

/** A command's answer as a poll step, with the answer itself either way. */
type CommandStep<Res> = PollStep<Res> & { readonly value: Res };

/**
 * When the service said to ask again about a command (its Retry-After), by
 * the client's clock, for each answer not final read by put or get: where
 * `wait` starts from that answer.
 */
const askAgainAt = new WeakMap<object, number>();

interface CommandShape {
  readonly status: OrderCommandResponse["status"];
}

class CommandResource<Req, Res extends CommandShape> {
  readonly #context: ClientContext;
  readonly #base: string;
  readonly #request: z.ZodType<Req>;
  readonly #response: z.ZodType<Res>;
  readonly #what: string;

  constructor(
    context: ClientContext,
    base: string,
    request: z.ZodType<Req>,
    response: z.ZodType<Res>,
    what: string,
  ) {
    this.#context = context;
    this.#base = base;
    this.#request = request;
    this.#response = response;
    this.#what = what;
  }

  #path(uuid: string, options: CallOptions | undefined): string {
    const id = checkInput(this.#context, CommandUuidSchema, uuid, options);
    return `${this.#base}/${id}`;
  }

  /** Sends (or sends again, harmlessly) the command with this UUID. */
  async put(uuid: string, body: Req, options?: CallOptions): Promise<Res> {
    return (await this.#put(uuid, body, options)).value;
  }

  /** The command's current state. */
  async get(uuid: string, options?: CallOptions): Promise<Res> {
    return (await this.#get(uuid, options)).value;
  }

  async #put(uuid: string, body: Req, options: CallOptions | undefined): Promise<CommandStep<Res>> {
    const path = this.#path(uuid, options);
    const json = checkInput(this.#context, this.#request, body, options);
    const transport = this.#context.transport;
    const raw = await transport.send(
      { method: "PUT", path, json, idempotent: true, version: 1 },
      options,
    );
    return this.#step(transport.check(this.#response, raw, "PUT", path), raw);
  }

  async #get(uuid: string, options: CallOptions | undefined): Promise<CommandStep<Res>> {
    const path = this.#path(uuid, options);
    const transport = this.#context.transport;
    const raw = await transport.send(
      { method: "GET", path, idempotent: true, version: 1 },
      options,
    );
    return this.#step(transport.check(this.#response, raw, "GET", path), raw);
  }

  /** The command as a poll step: done when final, else the wait its Retry-After asks for. */
  #step(value: Res, raw: RawResponse): CommandStep<Res> {
    if (isFinalCommandStatus(value.status)) return { done: true, value };
    const now = this.#context.clock().getTime();
    const waitMs = parseRetryAfter(raw.headers.get("retry-after"), now);
    if (waitMs === undefined) return { done: false, value };
    askAgainAt.set(value, now + waitMs);
    return { done: false, value, waitMs };
  }

  /**
   * Sends the command and waits for a final status (successful,
   * partial_success or error), until the deadline. Safe to call again with
   * the same UUID after a crash: the service runs the command once.
   */
  async run(uuid: string, body: Req, options?: CallOptions): Promise<Res> {
    const deadline = pollDeadline(this.#context, options);
    const first = await this.#put(uuid, body, { ...options, deadline: deadline.atMs });
    if (first.done) return first.value;
    return this.#until(uuid, deadline, options, first);
  }

  /**
   * Waits for a command sent earlier (by this process before a crash, or by
   * another one) to reach a final status, reading it with GET and never
   * sending it again, until the deadline. NotFoundError when the service has
   * no command with this UUID.
   *
   * `answer`, this command's answer already read (from put or get), is where
   * the wait starts: it is returned at once when final; else the command is
   * read again when that answer's Retry-After said (or after the client's
   * first interval when it said nothing), not at once.
   */
  async wait(uuid: string, options?: CallOptions, answer?: Res): Promise<Res> {
    if (answer === undefined)
      return this.#until(uuid, pollDeadline(this.#context, options), options);
    this.#path(uuid, options);
    if (isFinalCommandStatus(answer.status)) return answer;
    const at = askAgainAt.get(answer);
    const waitMs = at === undefined ? undefined : at - this.#context.clock().getTime();
    // A wait already over: the command is read at once.
    if (waitMs !== undefined && waitMs <= 0) {
      return this.#until(uuid, pollDeadline(this.#context, options), options);
    }
    const first: PollStep<Res> = waitMs === undefined ? { done: false } : { done: false, waitMs };
    return this.#until(uuid, pollDeadline(this.#context, options), options, first);
  }

  /** Polls the command to a final status; `first` is an answer already read (the PUT's). */
  #until(
    uuid: string,
    deadline: Deadline,
    options: CallOptions | undefined,
    first?: PollStep<Res>,
  ): Promise<Res> {
    const context = this.#context;
    const path = this.#path(uuid, options);
    const timed = { ...options, deadline: deadline.atMs };
    return poll<Res>({
      ask: () => this.#get(uuid, timed),
      ...(first === undefined ? {} : { first }),
      deadline,
      sleep: context.sleep,
      signal: options?.signal,
      options: context.poll,
      what: this.#what,
      method: "GET",
      path,
    });
  }
}

export class OrderCommandsResource extends CommandResource<
  OrderCommandRequest,
  OrderCommandResponse
> {
  constructor(context: ClientContext) {
    super(
      context,
      "/order-commands",
      OrderCommandRequestSchema,
      OrderCommandResponseSchema,
      "The order command",
    );
  }
}

export class CancelCommandsResource extends CommandResource<
  CancelCommandRequest,
  CancelCommandResponse
> {
  constructor(context: ClientContext) {
    super(
      context,
      "/cancel-command",
      CancelCommandRequestSchema,
      CancelCommandResponseSchema,
      "The cancel command",
    );
  }
}

export class PickupCommandsResource extends CommandResource<
  PickupCommandRequest,
  PickupCommandResponse
> {
  readonly #context: ClientContext;

  constructor(context: ClientContext) {
    super(
      context,
      "/pickup-commands",
      PickupCommandRequestSchema,
      PickupCommandResponseSchema,
      "The pickup command",
    );
    this.#context = context;
  }

  /**
   * Cancels the pickup the command with this UUID ordered, while the service
   * allows it (until the courier's window starts); its packages can then be
   * given a new pickup. Idempotent: cancelling again answers the same, so it
   * is retried like a read. ConflictError (serviceCode pickup_not_cancellable)
   * once the window has started; NotFoundError when there is no such command.
   */
  async cancel(uuid: string, options?: CallOptions): Promise<PickupCancelResponse> {
    const id = checkInput(this.#context, CommandUuidSchema, uuid, options);
    const path = `/pickup-commands/${id}`;
    const transport = this.#context.transport;
    const raw = await transport.send(
      { method: "DELETE", path, idempotent: true, version: 1 },
      options,
    );
    return transport.check(PickupCancelResponseSchema, raw, "DELETE", path);
  }
}

export class DocumentsCommandsResource extends CommandResource<
  DocumentsCommandRequest,
  DocumentsCommandResponse
> {
  readonly #documents: ClientContext;

  constructor(context: ClientContext) {
    super(
      context,
      "/documents-command",
      DocumentsCommandRequestSchema,
      DocumentsCommandResponseSchema,
      "The documents command",
    );
    this.#documents = context;
  }

  /**
   * Downloads a document the finished command lists (its `documents[]`
   * entry), asking again while the service answers 204, until the deadline.
   * The url must lie under the client's baseUrl (ApiUsageError otherwise).
   */
  download(document: CommandDocument, options?: CallOptions): Promise<DownloadedDocument> {
    return downloadDocument(this.#documents, document, options);
  }
}
