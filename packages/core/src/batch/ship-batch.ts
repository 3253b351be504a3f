// shipBatch: many store orders shipped as one unit of work, with shipOrder's
// guarantees per order and far fewer requests and waits:
//
// 1. The batch's own options and shipOrder's, and that no order is listed
//    twice, are checked before anything is sent (one ValidationError with
//    every problem). Each order is mapped on
//    its own (toPackage, with the service's live country list loaded once,
//    then its Polish postcode checked against the service's cities): an order
//    that cannot ship is a failure with its issues and holds up nothing else.
// 2. With `concurrency` at a time, in the orders' order, each order is taken
//    for this run the way shipOrder takes it: its in-process flight and, with
//    `lock`, its lease `shipbridge:ship-order:<storeId>:<orderId>`, both
//    without waiting. An order whose lease another holder has (a run that
//    crashed, another process's batch or shipOrder) does not hold up its
//    chunk: it is taken again while the chunk is ordered, as soon as the
//    lease is free (a crashed run's runs out within the lease's time to
//    live), and joins the chunk under its next attempt. One that another run
//    of this process holds, or whose lease a live run keeps that long, is
//    left to shipOrder after its chunk (step 5), which waits for that run
//    and finds its work. Then its package is found by
//    shipOrderReference(storeId, orderId) or created, and the lowest id kept,
//    exactly as shipOrder does; a package of another order or a cancelled
//    one is a failure. The flight and the lease are held until the order's
//    command is final.
// 3. The orders at positions c × chunkSize … of the batch form chunk c, ordered
//    with one command as soon as all of them are created. Its uuids are
//    chunkCommandId(storeId, batchId, c, attempt). Each attempt is looked up
//    (GET) before anything is sent and waited for when it exists; the packages
//    they ordered are done. The chunk's packages still unordered are then
//    sent under the first attempt uuid the service does not know, so a body
//    is never sent under a used uuid, and a rerun after a crash at any point
//    finds the commands already sent instead of paying again. A package
//    shipOrder or another batch ordered is left out and found by shipOrder in
//    step 5, as is one the command refused because another command ordered
//    it. One the command did not order for another reason (a closed point) is
//    a failure with the service's reasons; the batch run again sends it under
//    the next attempt uuid. A uuid the service refuses (409) is read once: a
//    command of this batch is waited for, while one it cannot show (the uuid
//    is another account's: the same storeId under another company) fails
//    the orders sent with the conflict, not retryable. A package whose receiver point, street or city is
//    not the order's any more is updated just before its command is sent;
//    a move the service refuses fails that order alone, and a package
//    another run ordered meanwhile (409) is left to shipOrder.
// 4. The tracking numbers come from the command's own answer (one GET per
//    chunk, not one per package). Whether the labels are ready is asked once
//    per command, of its last package (the service prepares them together),
//    and the file is dropped: labels are never held, a store fetches them
//    when it prints.
// 5. Orders left to shipOrder run through it (`concurrency` at a time) after
//    their chunk: it waits for the run that held them and finds the package
//    and the order it made ("before"), or ships them itself.
//
// The signal stops the batch between steps: no order command is aborted
// while it is sent (a half-sent command would leave its outcome unknown);
// waits and reads stop at once. Then shipBatch rejects with the signal's
// reason, after every lease is given back; a rerun picks up where it stopped.
import {
  type CallOptions as ApiCallOptions,
  ApiUsageError,
  isConflictError,
  type ShippingClient,
} from "../api/index.ts";
import { clientAccount, clientApiAddress, clientTrackingPage } from "../api/shipping-client.ts";
import type { Issue } from "../issues/issue.ts";
import { liveCountries } from "../mapping/live-countries.ts";
import { orderFailed } from "../mapping/order-failed.ts";
import { checkPostcodeCity } from "../mapping/postcode-cities.ts";
import { awaitLease, claimFlight, type HeldLease, tryLease } from "../mapping/ship-once.ts";
import {
  compact,
  contentDifferences,
  findCommand,
  findPackage,
  foundPackageProblem,
  isOrdered,
  isShippingClient,
  orderedBy,
  orderId as orderIdOf,
  shipOrder,
  withCommandNumbers,
} from "../mapping/ship-order.ts";
import { shipOrderLanguage, shipOrderOptionIssues } from "../mapping/ship-order-options.ts";
import { shipOrderReference } from "../mapping/ship-order-reference.ts";
import type { StoreOrderInput } from "../mapping/store-order.ts";
import { type ToPackageResult, toPackage } from "../mapping/to-package.ts";
import { trackingUrls } from "../mapping/tracking-urls.ts";
import type { LeaseStore } from "../oauth/lease-store.ts";
import {
  isFinalCommandStatus,
  type OrderCommandRequest,
  type OrderCommandResponse,
  type PackageDetailsV2,
} from "../schemas/index.ts";
import { RULE_CODES, renderMessage, ValidationError } from "../validation/index.ts";
import { batchFailure } from "./batch-failure.ts";
import {
  batchOptionIssues,
  DEFAULT_BATCH_CONCURRENCY,
  DEFAULT_CHUNK_SIZE,
} from "./batch-options.ts";
import { BatchProgressTracker } from "./batch-progress.ts";
import { chunkCommandId } from "./chunk-command-id.ts";
import { duplicateOrderIssues } from "./duplicate-orders.ts";
import { FifoLimit } from "./fifo-limit.ts";
import type {
  BatchFailure,
  BatchShipment,
  ShipBatchOptions,
  ShipBatchResult,
} from "./ship-batch-types.ts";

/** The per-call options of every request of a batch (always API v2). */
type CallOptions = Omit<ApiCallOptions, "version">;

/** How many attempts one chunk may have; past that, its unordered packages are failures. */
const MAX_CHUNK_ATTEMPTS = 50;

type Summary = NonNullable<OrderCommandResponse["successfully_ordered_packages"]>[number];

/** One order of the batch as it goes. */
interface Entry {
  readonly index: number;
  readonly order: StoreOrderInput;
  readonly orderId: string;
  readonly chunk: number;
  mapped?: ToPackageResult | undefined;
  warnings: Issue[];
  /** The order's flight and lease while this run holds them. */
  hold?: { readonly finish: () => void; readonly lease: HeldLease | undefined } | undefined;
  pkg?: PackageDetailsV2 | undefined;
  /** The command that ordered its package, and the package as that command summed it up. */
  ordered?: { readonly commandId: string; readonly summary: Summary } | undefined;
  /** Left to shipOrder after its chunk. */
  handOff?: boolean;
  /** Another holder had its lease: taken again while its chunk is ordered (see #runChunk). */
  awaitingLease?: boolean;
  outcome?: BatchShipment | BatchFailure;
}

/**
 * Ships many store orders as one unit of work (see the top of this file):
 * each order valid on its own, its package created once, ordered with one
 * command per chunk, safe to run again after a crash at any point and beside
 * shipOrder or another run of the same batch.
 * @throws ApiUsageError at `client` when it is not a ShippingClient,
 *   ValidationError for options that are wrong for every order, an ApiError
 *   when the live country list cannot be loaded, and the signal's reason when
 *   aborted. Anything that concerns one order is in `failed`.
 */
export async function shipBatch(
  client: ShippingClient,
  orders: readonly StoreOrderInput[],
  options: ShipBatchOptions,
): Promise<ShipBatchResult> {
  if (!isShippingClient(client)) {
    throw new ApiUsageError(
      "client",
      "must be a ShippingClient (new ShippingClient({ baseUrl, auth }))",
    );
  }
  const language = shipOrderLanguage(options);
  const issues = shipOrderOptionIssues(options, language);
  issues.push(...batchOptionIssues(options, language));
  if (!Array.isArray(orders)) {
    const params = { expected: "array" };
    const rule = RULE_CODES.invalid_type;
    issues.push({
      path: "orders",
      rule,
      message: renderMessage({ path: "orders", rule, params }, language),
    });
  } else {
    issues.push(...duplicateOrderIssues(orders, language));
  }
  if (issues.length > 0) throw new ValidationError(issues, language);
  const { signal } = options;
  signal?.throwIfAborted();
  return new Batch(client, orders, options, language).run();
}

class Batch {
  readonly #client: ShippingClient;
  readonly #options: ShipBatchOptions;
  readonly #language: ReturnType<typeof shipOrderLanguage>;
  readonly #entries: Entry[];
  readonly #chunks: Entry[][];
  readonly #limit: FifoLimit;
  readonly #progress: BatchProgressTracker;
  readonly #commandIds = new Set<string>();
  /** Orders of each chunk still being created. */
  readonly #unsettled: number[];
  /** The final commands of each chunk under way, by uuid: a chunk's later orders are not read again. */
  readonly #finals = new Map<number, Map<string, OrderCommandResponse>>();
  readonly #chunkWork: Promise<void>[] = [];

  constructor(
    client: ShippingClient,
    orders: readonly StoreOrderInput[],
    options: ShipBatchOptions,
    language: ReturnType<typeof shipOrderLanguage>,
  ) {
    this.#client = client;
    this.#options = options;
    this.#language = language;
    const size = options.chunkSize ?? DEFAULT_CHUNK_SIZE;
    this.#entries = orders.map((order, index) => ({
      index,
      order,
      orderId: orderIdOf(order),
      chunk: Math.floor(index / size),
      warnings: [],
    }));
    this.#chunks = [];
    for (const entry of this.#entries) {
      const members = this.#chunks[entry.chunk] ?? [];
      members.push(entry);
      this.#chunks[entry.chunk] = members;
    }
    this.#unsettled = this.#chunks.map((members) => members.length);
    this.#limit = new FifoLimit(options.concurrency ?? DEFAULT_BATCH_CONCURRENCY);
    this.#progress = new BatchProgressTracker(
      this.#chunks.map((members) => members.length),
      options.onProgress,
    );
  }

  async run(): Promise<ShipBatchResult> {
    const options = this.#options;
    const countries = options.countries ?? (await liveCountries(this.#client, options.signal));
    for (const entry of this.#entries) this.#map(entry, countries);
    const preparing = this.#entries.map((entry) =>
      this.#limit.run(async () => {
        try {
          await this.#prepare(entry);
        } finally {
          this.#settled(entry.chunk);
        }
      }),
    );
    await Promise.allSettled(preparing);
    // A chunk starts as soon as its last order is settled; all have started by now.
    await Promise.allSettled(this.#chunkWork);
    options.signal?.throwIfAborted();
    this.#progress.done();
    const shipped: BatchShipment[] = [];
    const failed: BatchFailure[] = [];
    for (const entry of this.#entries) {
      const outcome = entry.outcome;
      if (outcome === undefined) continue;
      if ("error" in outcome) failed.push(outcome);
      else shipped.push(outcome);
    }
    return {
      batchId: options.batchId,
      shipped,
      failed,
      commandIds: [...this.#commandIds],
    };
  }

  /** Step 1: toPackage, with shipOrder's reference; an invalid order fails here. */
  #map(entry: Entry, countries: NonNullable<ShipBatchOptions["countries"]>): void {
    try {
      const mapped = toPackage(entry.order, {
        ...this.#options,
        countries,
        userReferenceNumber: shipOrderReference(this.#options.storeId, entry.orderId),
      });
      entry.mapped = mapped;
      entry.warnings = [...mapped.warnings];
    } catch (error) {
      this.#fail(entry, error, true);
    }
  }

  /** Step 2: the postcode check, the order's flight and lease, its package found or created. */
  async #prepare(entry: Entry): Promise<void> {
    const mapped = entry.mapped;
    if (mapped === undefined || entry.outcome !== undefined) return;
    const options = this.#options;
    if (options.signal?.aborted) return;
    try {
      const mismatch = await checkPostcodeCity(
        this.#client,
        mapped.package.receiver ?? {},
        "order.shipping_address.postcode",
        this.#language,
        options.signal,
      );
      if (mismatch !== undefined) throw new ValidationError([mismatch], this.#language);
      const taken = await this.#take(entry);
      if (taken !== "taken") {
        // Held by another run: its chunk does not wait for it (see #runChunk).
        if (taken === "lease") entry.awaitingLease = true;
        else entry.handOff = true;
        this.#progress.deferred(entry.chunk);
        return;
      }
    } catch (error) {
      await this.#release(entry);
      if (options.signal?.aborted) return;
      this.#fail(entry, error, true);
      return;
    }
    await this.#findOrCreate(entry, true);
  }

  /**
   * The package of an order this run holds, found by its reference or
   * created, as shipOrder does; `settles` when the order's chunk waits for it.
   */
  async #findOrCreate(entry: Entry, settles: boolean): Promise<void> {
    const options = this.#options;
    const mapped = entry.mapped as ToPackageResult;
    try {
      const lost = entry.hold?.lease?.lost;
      const call = this.#call(
        options.signal === undefined
          ? lost
          : lost === undefined
            ? options.signal
            : AbortSignal.any([options.signal, lost]),
      );
      const reference = mapped.package.user_reference_number as string;
      let pkg = await findPackage(this.#client, reference, call);
      if (pkg === undefined) {
        const created = await this.#client.packages.create(mapped.package, call);
        addWarnings(entry.warnings, created.warnings);
        pkg = (await findPackage(this.#client, reference, call)) ?? created.package;
      }
      const firstCommand = chunkCommandId(options.storeId, options.batchId, entry.chunk, 0);
      const refused = foundPackageProblem(mapped.package, pkg, reference, firstCommand);
      if (refused !== undefined) throw refused;
      entry.pkg = pkg;
      this.#progress.created(entry.orderId, settles ? entry.chunk : undefined);
    } catch (error) {
      const reason = lostReason(entry, error);
      await this.#release(entry);
      if (options.signal?.aborted) return;
      this.#fail(entry, reason, settles);
    }
  }

  /**
   * Takes the order's flight and lease for this run without waiting:
   * "flight" when another run of this process holds it, "lease" when another
   * holder has its lease (maybe a run that crashed).
   */
  async #take(entry: Entry): Promise<"taken" | "flight" | "lease"> {
    const { storeId, batchId, lock } = this.#options;
    const key = orderKey(storeId, entry.orderId);
    const flight = claimFlight(clientAccount(this.#client), key, `batch:${batchId}:${entry.index}`);
    if (flight === undefined) return "flight";
    let lease: HeldLease | undefined;
    if (lock !== undefined) {
      try {
        lease = await tryLease(lock, key);
      } catch (error) {
        flight.finish();
        throw error;
      }
      if (lease === undefined) {
        flight.finish();
        return "lease";
      }
    }
    entry.hold = { finish: flight.finish, lease };
    return "taken";
  }

  /**
   * An order whose lease another holder had: its lease once free (a crashed
   * run's runs out within the lease's time to live), then its flight and its
   * package. Left to shipOrder when a live run keeps it. Never rejects.
   */
  async #retake(entry: Entry): Promise<void> {
    const { storeId, batchId, lock, signal, deadline } = this.#options;
    const key = orderKey(storeId, entry.orderId);
    entry.awaitingLease = false;
    let lease: HeldLease | undefined;
    try {
      lease = await awaitLease(lock as LeaseStore, key, { signal, deadline });
    } catch (error) {
      if (!signal?.aborted) this.#fail(entry, error, false);
      return;
    }
    if (lease === undefined) {
      entry.handOff = true; // a live run keeps it: shipOrder waits for it and finds its work
      return;
    }
    const flight = claimFlight(clientAccount(this.#client), key, `batch:${batchId}:${entry.index}`);
    if (flight === undefined) {
      await lease.release();
      entry.handOff = true;
      return;
    }
    entry.hold = { finish: flight.finish, lease };
    if (signal?.aborted) return;
    await this.#limit.run(() => this.#findOrCreate(entry, false));
  }

  /** Gives back the order's flight and lease (idempotent). */
  async #release(entry: Entry): Promise<void> {
    const hold = entry.hold;
    if (hold === undefined) return;
    entry.hold = undefined;
    try {
      await hold.lease?.release();
    } finally {
      hold.finish();
    }
  }

  /** An order of chunk `chunk` is created or failed: the chunk starts once all are. */
  #settled(chunk: number): void {
    const left = (this.#unsettled[chunk] ?? 0) - 1;
    this.#unsettled[chunk] = left;
    if (left === 0) this.#chunkWork.push(this.#runChunk(chunk));
  }

  /**
   * Steps 3 to 5 for one chunk. Never rejects: what goes wrong is its orders'
   * failures. Orders whose lease another holder had are taken again while
   * the others are ordered, then ordered under the chunk's next attempt.
   */
  async #runChunk(chunk: number): Promise<void> {
    const { signal } = this.#options;
    const members = this.#chunks[chunk] ?? [];
    const ready = members.filter((entry) => entry.pkg !== undefined && entry.outcome === undefined);
    const waiting = members.filter((entry) => entry.awaitingLease && entry.outcome === undefined);
    const retaking = Promise.all(waiting.map((entry) => this.#retake(entry)));
    try {
      await this.#orderAndLabel(chunk, ready);
      await retaking;
      const late = waiting.filter(
        (entry) => entry.pkg !== undefined && entry.outcome === undefined && !entry.handOff,
      );
      await this.#orderAndLabel(chunk, late);
    } catch {
      // Aborted while waiting for the labels: a rerun finds everything ordered.
    } finally {
      await retaking;
      await Promise.all(waiting.map((entry) => this.#release(entry)));
    }
    if (!signal?.aborted) {
      await Promise.all(
        members
          .filter((entry) => entry.handOff && entry.outcome === undefined)
          .map((entry) => this.#limit.run(() => this.#viaShipOrder(entry))),
      );
      this.#progress.chunkClosed(chunk);
    }
    this.#finals.delete(chunk);
  }

  /** Steps 3 and 4 for some orders of a chunk; rejects only when aborted while the labels are awaited. */
  async #orderAndLabel(chunk: number, entries: Entry[]): Promise<void> {
    const { signal } = this.#options;
    if (entries.length === 0) return;
    try {
      if (!signal?.aborted) await this.#order(chunk, entries);
    } catch (error) {
      for (const entry of entries) {
        if (entry.ordered === undefined && !entry.handOff && !signal?.aborted) {
          this.#fail(entry, lostReason(entry, error), false);
        }
      }
    } finally {
      // The order's command is final (or was never sent): others may work on it now.
      await Promise.all(entries.map((entry) => this.#release(entry)));
    }
    if (!signal?.aborted) await this.#label(chunk, entries);
  }

  /** Step 3: the chunk's commands, found or sent, until each of its packages is ordered or failed. */
  async #order(chunk: number, members: Entry[]): Promise<void> {
    const { storeId, batchId, signal } = this.#options;
    const byPackage = new Map(members.map((entry) => [entry.pkg?.package_id as number, entry]));
    const read = this.#call(signal);
    const record = (command: OrderCommandResponse, commandId: string) => {
      this.#commandIds.add(commandId);
      for (const summary of command.successfully_ordered_packages ?? []) {
        const entry = byPackage.get(summary.package_id);
        if (entry === undefined || entry.ordered !== undefined) continue;
        entry.ordered = { commandId, summary };
        this.#progress.ordered(entry.orderId);
      }
    };
    const finals = this.#finals.get(chunk) ?? new Map<string, OrderCommandResponse>();
    this.#finals.set(chunk, finals);
    const undecided = (entry: Entry) =>
      entry.ordered === undefined && !entry.handOff && entry.outcome === undefined;
    for (let attempt = 0; attempt < MAX_CHUNK_ATTEMPTS; attempt++) {
      // Every package ordered, failed or left to shipOrder: no later attempt can concern them.
      if (!members.some(undecided)) return;
      const commandId = chunkCommandId(storeId, batchId, chunk, attempt);
      // Sent before (by a run that crashed, or another run of this batch): wait for it, never send it again.
      let command = finals.get(commandId) ?? (await findCommand(this.#client, commandId, read));
      if (command !== undefined) {
        command = await this.#client.orderCommands.wait(commandId, read, command);
        finals.set(commandId, command);
        record(command, commandId);
        continue;
      }
      let send: Entry[] = [];
      for (const entry of members) {
        if (!undecided(entry)) continue;
        if (isOrdered(entry.pkg as PackageDetailsV2)) {
          entry.handOff = true; // ordered by shipOrder or another batch: shipOrder finds it
        } else if (entry.hold?.lease?.lost.aborted) {
          this.#fail(entry, entry.hold.lease.lost.reason, false);
        } else {
          send.push(entry);
        }
      }
      if (send.length === 0) return;
      // Between steps: stop before a command is sent, never while it is.
      signal?.throwIfAborted();
      send = await this.#update(send, read);
      if (send.length === 0) return;
      const body: OrderCommandRequest = {
        packages: send.map((entry) => ({ id: entry.pkg?.package_id as number })),
        ...(this.#options.skipEmailSend === undefined
          ? {}
          : { skip_email_send: this.#options.skipEmailSend }),
      };
      this.#progress.chunkSent(chunk);
      try {
        command = await this.#client.orderCommands.put(commandId, body, this.#call(undefined));
      } catch (error) {
        if (isConflictError(error)) {
          // Another run of this batch sent this uuid with other packages a
          // moment ago: it is looked up once, waited for, and what it left
          // unordered goes under the next attempt.
          command = await findCommand(this.#client, commandId, read);
          if (command === undefined) {
            // The uuid is taken on another account (the same storeId and
            // batchId under another company): nothing of this chunk can be
            // sent under it, and running again would meet the same refusal.
            for (const entry of send) this.#fail(entry, error, false);
            return;
          }
          command = await this.#client.orderCommands.wait(commandId, read, command);
          finals.set(commandId, command);
          record(command, commandId);
          continue;
        }
        // The answer was lost: the command may exist all the same.
        command = await findCommand(this.#client, commandId, read).catch(() => undefined);
        if (command === undefined) throw error;
      }
      this.#commandIds.add(commandId);
      // Read again when its answer says, not at once.
      command = await this.#client.orderCommands.wait(commandId, read, command);
      finals.set(commandId, command);
      this.#progress.chunkFinal(chunk);
      record(command, commandId);
      // What this command did not order is decided now: ordered by another
      // command (left to shipOrder, which finds it) or refused for a reason
      // of its own (a failure; the batch run again sends it under the next
      // attempt).
      for (const entry of send) {
        if (entry.ordered !== undefined) continue;
        const id = entry.pkg?.package_id as number;
        if (orderedElsewhere(command, id)) entry.handOff = true;
        else this.#fail(entry, orderFailed(command, id, commandId), false);
      }
    }
    // Every attempt uuid is used up: the last attempt's answer is the failure.
    const lastId = chunkCommandId(storeId, batchId, chunk, MAX_CHUNK_ATTEMPTS - 1);
    const last = await this.#client.orderCommands.get(lastId, read);
    for (const entry of members) {
      if (entry.ordered === undefined && !entry.handOff && entry.outcome === undefined) {
        this.#fail(entry, orderFailed(last, entry.pkg?.package_id as number, lastId), false);
      }
    }
  }

  /**
   * Packages about to be ordered go where their order now says (shipOrder's
   * step 3), one at a time and each on its own: a move the service refuses
   * fails that order alone, and a package another run ordered meanwhile
   * (409: an ordered package cannot be edited) is left to shipOrder, which
   * finds it. The entries still to send are returned.
   */
  async #update(entries: Entry[], call: CallOptions): Promise<Entry[]> {
    const sendable: Entry[] = [];
    for (const entry of entries) {
      const mapped = entry.mapped;
      if (
        mapped !== undefined &&
        contentDifferences(mapped.package, entry.pkg as PackageDetailsV2).length > 0
      ) {
        try {
          const updated = await this.#client.packages.update(
            entry.pkg?.package_id as number,
            mapped.package,
            call,
          );
          addWarnings(entry.warnings, updated.warnings);
          entry.pkg = updated.package;
        } catch (error) {
          if (this.#options.signal?.aborted) throw error;
          if (isConflictError(error)) entry.handOff = true;
          else this.#fail(entry, lostReason(entry, error), false);
          continue;
        }
      }
      sendable.push(entry);
    }
    return sendable;
  }

  /** Step 4: tracking numbers from the command's summary, and one label check per command. */
  async #label(chunk: number, members: Entry[]): Promise<void> {
    const ordered = members.filter((entry) => entry.ordered !== undefined);
    if (ordered.length === 0) return;
    const call = this.#call(this.#options.signal);
    const byCommand = new Map<string, Entry[]>();
    for (const entry of ordered) {
      const commandId = entry.ordered?.commandId as string;
      byCommand.set(commandId, [...(byCommand.get(commandId) ?? []), entry]);
    }
    for (const group of byCommand.values()) {
      let labelled = false;
      const last = group.at(-1) as Entry;
      try {
        // The file is dropped at once: labels are fetched when they are printed.
        await this.#client.packages.label(last.pkg?.package_id as number, {}, call);
        labelled = true;
      } catch (error) {
        if (this.#options.signal?.aborted) throw error;
      }
      if (labelled) this.#progress.chunkLabelled(chunk);
      for (const entry of group) {
        try {
          entry.outcome = await this.#shipment(entry, labelled, call);
        } catch (error) {
          if (this.#options.signal?.aborted) throw error;
          entry.outcome = await this.#shipment(entry, labelled, undefined);
        }
        if (labelled) this.#progress.labelled(entry.orderId);
        entry.pkg = undefined;
        entry.mapped = undefined;
      }
    }
  }

  /** The shipment of an ordered package; the package is read only when the summary lacks a number. */
  async #shipment(
    entry: Entry,
    labelled: boolean,
    call: CallOptions | undefined,
  ): Promise<BatchShipment> {
    const { commandId, summary } = entry.ordered as NonNullable<Entry["ordered"]>;
    let details = { ...(entry.pkg as PackageDetailsV2), ...summary } as PackageDetailsV2;
    if (call !== undefined && details.parcels?.some((parcel) => !parcel.package_no)) {
      const read = await this.#client.packages.get(summary.package_id, call);
      details = withCommandNumbers(read, {
        successfully_ordered_packages: [summary],
      } as OrderCommandResponse);
    }
    return {
      orderId: entry.orderId,
      packageId: summary.package_id,
      commandId,
      service: String(summary.service ?? details.service ?? entry.mapped?.package.service ?? ""),
      trackingNumbers: compact(details.parcels?.map((parcel) => parcel.package_no)),
      trackingUrls: trackingUrls(
        details,
        clientTrackingPage(this.#client),
        clientApiAddress(this.#client),
      ),
      warnings: entry.warnings,
      labelled,
    };
  }

  /** Step 5: an order another run held, or ordered another way, through shipOrder's own path. */
  async #viaShipOrder(entry: Entry): Promise<void> {
    const options = this.#options;
    if (options.signal?.aborted) return;
    const {
      batchId: _b,
      concurrency: _c,
      chunkSize: _s,
      onProgress: _p,
      userReferenceNumber: _r,
      label: _l,
      ...shared
    } = options;
    try {
      // The same reference as the batch's own: the order's, never one for all.
      const result = await shipOrder(this.#client, entry.order, {
        ...shared,
        userReferenceNumber: shipOrderReference(options.storeId, entry.orderId),
      });
      if (entry.pkg === undefined) this.#progress.created(entry.orderId);
      this.#progress.ordered(entry.orderId);
      this.#progress.labelled(entry.orderId);
      // Ordered another way: by one of this chunk's commands, if one did.
      const commandId =
        result.commandId ?? (await this.#chunkCommandOf(entry.chunk, result.packageId));
      entry.outcome = {
        orderId: entry.orderId,
        packageId: result.packageId,
        commandId,
        service: String(entry.pkg?.service ?? entry.mapped?.package.service ?? ""),
        trackingNumbers: result.trackingNumbers,
        trackingUrls: result.trackingUrls,
        warnings: mergeWarnings(entry.warnings, result.warnings),
        labelled: true,
      };
    } catch (error) {
      if (options.signal?.aborted) return;
      this.#fail(entry, error, false);
    } finally {
      entry.pkg = undefined;
      entry.mapped = undefined;
    }
  }

  /**
   * The command of the chunk that ordered the package, if one did: the
   * chunk's attempts in turn (those known, else read), up to the first the
   * service does not know. Undefined when none did or they cannot be read.
   */
  async #chunkCommandOf(chunk: number, packageId: number): Promise<string | undefined> {
    const { storeId, batchId, signal } = this.#options;
    const finals = this.#finals.get(chunk) ?? new Map<string, OrderCommandResponse>();
    this.#finals.set(chunk, finals);
    try {
      for (let attempt = 0; attempt < MAX_CHUNK_ATTEMPTS; attempt++) {
        const commandId = chunkCommandId(storeId, batchId, chunk, attempt);
        const command =
          finals.get(commandId) ?? (await findCommand(this.#client, commandId, this.#call(signal)));
        if (command === undefined) return undefined;
        if (!isFinalCommandStatus(command.status)) continue;
        finals.set(commandId, command);
        if (orderedBy(command, packageId)) {
          this.#commandIds.add(commandId);
          return commandId;
        }
      }
    } catch {
      // Only the name of the command is missing: the order is shipped all the same.
    }
    return undefined;
  }

  #fail(entry: Entry, error: unknown, beforeCreation: boolean): void {
    if (entry.outcome !== undefined) return;
    entry.outcome = batchFailure(entry.orderId, error);
    this.#progress.failed(entry.orderId, entry.chunk, beforeCreation && entry.pkg === undefined);
  }

  #call(signal: AbortSignal | undefined): CallOptions {
    const { deadline, companyId, language } = this.#options;
    return {
      ...(signal === undefined ? {} : { signal }),
      ...(deadline === undefined ? {} : { deadline }),
      ...(companyId === undefined ? {} : { companyId }),
      ...(language === undefined ? {} : { language }),
    };
  }
}

/** Whether the command refused the package because another command ordered it. */
function orderedElsewhere(command: OrderCommandResponse, packageId: number): boolean {
  return (command.errors ?? []).some(
    (error) =>
      error.package_id === packageId &&
      (error as { rule?: unknown }).rule === RULE_CODES.package_already_ordered,
  );
}

/** The key of an order's flight and lease, shipOrder's. */
function orderKey(storeId: string, orderId: string): string {
  return `shipbridge:ship-order:${storeId}:${orderId}`;
}

/** The lease's loss, when that is what stopped the order's work. */
function lostReason(entry: Entry, error: unknown): unknown {
  const lost = entry.hold?.lease?.lost;
  return lost?.aborted ? lost.reason : error;
}

function addWarnings(into: Issue[], more: readonly Issue[]): void {
  const known = new Set(into.map((warning) => warning.rule));
  into.push(...more.filter((warning) => !known.has(warning.rule)));
}

function mergeWarnings(first: readonly Issue[], second: readonly Issue[]): Issue[] {
  const merged = [...first];
  addWarnings(merged, second);
  return merged;
}
