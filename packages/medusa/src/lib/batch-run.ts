// One run of a shipping-day batch, in the background (the batch's start
// event's subscriber, or the resume job after a process died): it holds the
// batch's lease while it works, buys every order's package with core's
// shipBatch under the very names, references and lock a fulfillment of the
// order uses (each order's shipment attempt begun in the ledger first, so a
// fulfillment made by hand at the same moment waits for it and takes it
// over), then creates each order's fulfillment through Medusa's own
// workflow, whose provider call finds the package ordered and buys nothing
// more. Progress (counts, the time left) and each order's outcome, with its
// problems in English and Polish, are kept on the batch's rows.
import { randomUUID } from "node:crypto";
import type { Logger, MedusaContainer } from "@medusajs/framework/types";
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils";
import { createOrderFulfillmentWorkflow } from "@medusajs/medusa/core-flows";
import {
  type BatchProgress,
  type Language,
  type StoreOrderInput,
  safeToPackage,
  shipBatch,
} from "@shipbridge/core";
import { SHIPBRIDGE_MODULE } from "../modules/shipbridge/index.ts";
import type { BatchOrderFields, ShipbridgeModuleService } from "../modules/shipbridge/service.ts";
import { settingsInForce } from "../modules/shipbridge/settings-in-force.ts";
import { batchFulfillmentId, batchShipmentKey } from "./attempt-ledger.ts";
import {
  type BatchOrderRecord,
  type GraphQuery,
  liveShipbridgeFulfillments,
  loadOrders,
  remainingItems,
  type ShipmentGroup,
} from "./batch-orders.ts";
import {
  BATCH_PROBLEMS,
  type BatchProblem,
  errorProblem,
  validationProblem,
} from "./batch-problem.ts";
import { cancelPackage } from "./cancel-package.ts";
import { chosenPointRefusal } from "./chosen-point.ts";
import { coreLanguage } from "./language.ts";
import { asMedusaError } from "./medusa-error.ts";
import { type ChosenPoint, cashOnDelivery, fulfillmentOrder } from "./medusa-order.ts";
import type { PluginOptions } from "./options.ts";
import { PROVIDER_PREFIX } from "./provider-id.ts";
import { shipOptions } from "./ship-options.ts";
import { lineQuantities, orderedLines, shipmentSignature } from "./shipment-items.ts";

type Loose = Record<string, unknown>;

/** How long a run's hold on its batch lasts without renewal (renewed every sixth of it). */
export const BATCH_LEASE_MS = 30_000;
/** Fulfillments created at once through Medusa's workflow. */
const FULFIL_CONCURRENCY = 4;
/** How often progress is written while the batch buys. */
const PROGRESS_EVERY_MS = 250;
/** A fulfillment's time until one was measured. */
const FULFIL_GUESS_MS = 1_000;
/**
 * The waits before each new try of a fulfillment that failed for a passing
 * reason (the service or Medusa unavailable a moment: a 5xx, no answer).
 */
const FULFIL_RETRY_MS = [1_000, 3_000, 9_000];

type RowState = "waiting" | "bought" | "fulfilled" | "failed";

interface Row {
  id: string;
  order_id: string;
  /** The order's shipping method of this plugin the row ships; null until the run looked. */
  shipping_method_id: string | null;
  state: RowState;
  shipment_key: string | null;
  package_id: number | null;
}

interface Candidate {
  readonly row: Row;
  readonly key: string;
  readonly standIn: string;
  /** The shipment's lines as begun in the ledger. */
  readonly signature: string;
  readonly storeOrder: StoreOrderInput;
  readonly service: string;
}

function str(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** Runs `work` over `items`, `limit` at a time. */
async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  });
  await Promise.all(lanes);
}

/**
 * Runs the batch `batchId` if no other run holds it: "ran" when this call
 * ran it (to the end, or until its lease was lost), "busy" when another run
 * holds it or it is done.
 */
export async function runBatch(
  container: MedusaContainer,
  batchId: string,
  options: { leaseMs?: number } = {},
): Promise<"ran" | "busy"> {
  const shipbridge = container.resolve<ShipbridgeModuleService>(SHIPBRIDGE_MODULE);
  const runner = randomUUID();
  const leaseMs = options.leaseMs ?? BATCH_LEASE_MS;
  if (!(await shipbridge.claimBatch(batchId, runner, leaseMs))) return "busy";
  await new BatchRun(container, shipbridge, batchId, runner, leaseMs).run();
  return "ran";
}

class BatchRun {
  readonly #container: MedusaContainer;
  readonly #shipbridge: ShipbridgeModuleService;
  readonly #query: GraphQuery;
  readonly #logger: Logger | undefined;
  readonly #batchId: string;
  readonly #runner: string;
  readonly #leaseMs: number;
  readonly #language: Language;
  /** The options in force, read when the run starts. */
  #inForce: PluginOptions | undefined;
  /** Aborted when the run lost its lease (another run holds the batch now). */
  readonly #lost = new AbortController();
  /** The batch's rows, by their id. */
  readonly #rows = new Map<string, Row>();
  /** Rows another run was shipping when this one came (an admin's fulfillment by hand), with why. */
  readonly #elsewhere = new Map<string, BatchProblem>();
  #locationId: string | undefined;
  /** Whether an earlier run of the batch may have paid under its names (this is not its first run). */
  #rerun = false;
  #phase: "buying" | "fulfilling" | "done" = "buying";
  /** What shipBatch reported last (created, ordered, labelled, remainingMs). */
  #buying: BatchProgress | undefined;
  /** Orders bought by earlier runs (counted as created, ordered and labelled). */
  #boughtBefore = 0;
  #fulfilTimes: number[] = [];
  #savedAt = 0;
  #saving: Promise<void> = Promise.resolve();

  constructor(
    container: MedusaContainer,
    shipbridge: ShipbridgeModuleService,
    batchId: string,
    runner: string,
    leaseMs: number,
  ) {
    this.#container = container;
    this.#shipbridge = shipbridge;
    this.#query = container.resolve(ContainerRegistrationKeys.QUERY) as unknown as GraphQuery;
    this.#logger = container.resolve<Logger | undefined>(ContainerRegistrationKeys.LOGGER, {
      allowUnregistered: true,
    });
    this.#batchId = batchId;
    this.#runner = runner;
    this.#leaseMs = leaseMs;
    this.#language = coreLanguage(shipbridge.pluginOptions.language);
  }

  /** The options in force for this run: the merchant's saved settings over medusa-config.ts's. */
  get #options(): PluginOptions {
    return this.#inForce ?? this.#shipbridge.pluginOptions;
  }

  get #connection() {
    return this.#shipbridge.connection;
  }

  async run(): Promise<void> {
    this.#inForce = await settingsInForce(this.#shipbridge);
    const renewal = setInterval(
      () => {
        this.#shipbridge.renewBatch(this.#batchId, this.#runner, this.#leaseMs).then(
          (held) => {
            if (!held) this.#lost.abort(new Error(`batch ${this.#batchId} taken by another run`));
          },
          (error: unknown) => this.#warn(`lease of batch ${this.#batchId} not renewed`, error),
        );
      },
      Math.max(1, Math.floor(this.#leaseMs / 6)),
    );
    renewal.unref();
    const attempts = this.#connection.ledger.holdBatch(
      this.#options.storeId,
      this.#batchId,
      (error) => this.#warn(`attempts of batch ${this.#batchId} not renewed`, error),
    );
    let finished = false;
    try {
      const [batch] = await this.#shipbridge.listBatches({ id: this.#batchId });
      this.#locationId = str(batch?.location_id);
      this.#rerun = (batch?.runs ?? 1) > 1;
      const rows = await this.#shipbridge.listBatchOrders({ batch_id: this.#batchId });
      for (const row of rows) {
        this.#rows.set(row.id, {
          id: row.id,
          order_id: row.order_id,
          shipping_method_id: row.shipping_method_id,
          state: row.state as RowState,
          shipment_key: row.shipment_key,
          package_id: row.package_id,
        });
      }
      this.#boughtBefore = [...this.#rows.values()].filter(
        (row) => row.state === "bought" || row.state === "fulfilled",
      ).length;
      await this.#buy();
      if (this.#lost.signal.aborted) return;
      this.#phase = "fulfilling";
      await this.#save(true);
      await this.#fulfil();
      if (this.#lost.signal.aborted) return;
      await this.#settleElsewhere();
      // The last pass only while this run still holds the batch (its lease
      // may have lapsed while it worked, and another run taken it).
      if (!(await this.#shipbridge.renewBatch(this.#batchId, this.#runner, this.#leaseMs))) {
        this.#loseLease();
      }
      // Nothing is left half-done: an order still waiting was not reached.
      for (const row of this.#rows.values()) {
        if (row.state === "waiting" || row.state === "bought") {
          await this.#fail(row, BATCH_PROBLEMS.interrupted());
        }
      }
      this.#phase = "done";
      await this.#save(true);
      finished = !this.#lost.signal.aborted;
    } catch (error) {
      this.#warn(
        this.#lost.signal.aborted
          ? `batch ${this.#batchId} left to the run that holds it now`
          : `batch ${this.#batchId} stopped; the resume job takes it up again`,
        error,
      );
    } finally {
      clearInterval(renewal);
      await attempts.stop();
      await this.#saving;
      if (!this.#lost.signal.aborted) {
        await this.#shipbridge.releaseBatch(this.#batchId, this.#runner, finished);
      }
    }
  }

  #warn(what: string, error: unknown): void {
    this.#logger?.warn(`shipbridge: ${what}: ${error instanceof Error ? error.message : error}`);
  }

  /** Buys the packages of the rows still waiting, with one shipBatch. */
  async #buy(): Promise<void> {
    const waiting = [...this.#rows.values()].filter((row) => row.state === "waiting");
    if (waiting.length === 0) return;
    const orders = await loadOrders(
      this.#query,
      [...new Set(waiting.map((row) => row.order_id))],
      PROVIDER_PREFIX,
    );
    const candidates: Candidate[] = [];
    for (const orderId of new Set(waiting.map((row) => row.order_id))) {
      if (this.#lost.signal.aborted) return;
      const order = orders.get(orderId);
      for (const [row, group] of await this.#groupRows(orderId, order)) {
        if (this.#lost.signal.aborted) return;
        const candidate = await this.#prepare(row, order as BatchOrderRecord, group);
        if (candidate !== undefined) candidates.push(candidate);
      }
    }
    await this.#save(true);
    const ready = await this.#stillAsBegun(candidates);
    if (ready.length === 0) return;
    const byKey = new Map(ready.map((candidate) => [candidate.key, candidate]));
    const options = shipOptions(this.#options, this.#connection, this.#language);
    const result = await shipBatch(
      this.#connection.client,
      ready.map((candidate) => candidate.storeOrder),
      {
        ...options,
        batchId: this.#batchId,
        signal: this.#lost.signal,
        onProgress: (progress) => {
          this.#buying = progress;
          void this.#save(false);
        },
      },
    );
    const ledger = this.#connection.ledger;
    for (const shipped of result.shipped) {
      const candidate = byKey.get(shipped.orderId);
      if (candidate === undefined) continue;
      await ledger.shipped(candidate.key, shipped.packageId, candidate.standIn);
      candidate.row.state = "bought";
      candidate.row.shipment_key = candidate.key;
      candidate.row.package_id = shipped.packageId;
      await this.#write(candidate.row, {
        state: "bought",
        shipment_key: candidate.key,
        package_id: shipped.packageId,
        service: shipped.service || candidate.service,
      });
    }
    for (const failure of result.failed) {
      const candidate = byKey.get(failure.orderId);
      if (candidate === undefined) continue;
      // A failure that may have reached the service waits for a retry (or
      // the reconcile job); an order refused before anything was paid is final.
      await (failure.retryable
        ? ledger.failed(candidate.key, candidate.standIn)
        : ledger.refused(candidate.key, candidate.standIn));
      await this.#fail(
        candidate.row,
        errorProblem(failure.error, failure.retryable, this.#language, {
          order: candidate.storeOrder,
          options: { ...options, language: this.#language },
        }),
      );
    }
  }

  /**
   * The candidates whose order is, just before anything is paid, as it was
   * when their attempt was begun (read again after every attempt was
   * begun: an order cancelled, fulfilled elsewhere or edited meanwhile is
   * not bought). The others give their attempt up (nothing was paid under
   * it in a first run; a rerun leaves it to the reconcile job, as an
   * earlier run may have paid) and say why.
   */
  async #stillAsBegun(candidates: readonly Candidate[]): Promise<Candidate[]> {
    if (candidates.length === 0) return [];
    const orders = await loadOrders(
      this.#query,
      [...new Set(candidates.map((candidate) => candidate.row.order_id))],
      PROVIDER_PREFIX,
    );
    const ledger = this.#connection.ledger;
    const ready: Candidate[] = [];
    for (const candidate of candidates) {
      const order = orders.get(candidate.row.order_id);
      const group = order?.groups.find(
        (entry) => entry.methodId === candidate.row.shipping_method_id,
      );
      let problem: BatchProblem | undefined;
      if (order === undefined) problem = BATCH_PROBLEMS.order_not_found();
      else if (order["status"] === "canceled") problem = BATCH_PROBLEMS.order_cancelled();
      else if (group === undefined || group.items.length === 0) {
        problem =
          group === undefined ? BATCH_PROBLEMS.order_changed() : BATCH_PROBLEMS.nothing_to_fulfil();
      } else if (shipmentSignature("shipment", group.items) !== candidate.signature) {
        problem = BATCH_PROBLEMS.order_changed();
      }
      if (problem === undefined) {
        ready.push(candidate);
        continue;
      }
      await (this.#rerun
        ? ledger.failed(candidate.key, candidate.standIn)
        : ledger.refused(candidate.key, candidate.standIn));
      await this.#fail(candidate.row, problem);
    }
    return ready;
  }

  /**
   * The waiting rows of an order, each with the group of the order it ships
   * (undefined when there is none: its row says why). The row the batch
   * made for the whole order takes the first group with something left that
   * no row of the order has, and a row is added for each further one (an
   * order shipped with two of this plugin's methods, one per shipping
   * profile, ships two packages).
   */
  async #groupRows(
    orderId: string,
    order: BatchOrderRecord | undefined,
  ): Promise<[Row, ShipmentGroup | undefined][]> {
    const rows = [...this.#rows.values()].filter((row) => row.order_id === orderId);
    const waiting = rows.filter((row) => row.state === "waiting");
    if (order === undefined || order["status"] === "canceled") {
      for (const row of waiting) {
        await this.#fail(
          row,
          order === undefined ? BATCH_PROBLEMS.order_not_found() : BATCH_PROBLEMS.order_cancelled(),
        );
      }
      return [];
    }
    const owned = new Set(rows.map((row) => row.shipping_method_id));
    const free = order.groups.filter(
      (group) => group.items.length > 0 && !owned.has(group.methodId),
    );
    const paired: [Row, ShipmentGroup | undefined][] = [];
    for (const row of waiting) {
      if (row.shipping_method_id !== null) {
        paired.push([row, order.groups.find((group) => group.methodId === row.shipping_method_id)]);
        continue;
      }
      const [first, ...more] = free.splice(0);
      if (first === undefined) {
        await this.#fail(row, this.#nothingFor(order));
        continue;
      }
      const assigned = await this.#shipbridge.assignBatchOrder(
        this.#batchId,
        this.#runner,
        row.id,
        first.methodId,
      );
      if (!assigned) this.#loseLease();
      row.shipping_method_id = first.methodId;
      paired.push([row, first]);
      const added = await this.#shipbridge.addBatchOrders(
        this.#batchId,
        this.#runner,
        orderId,
        more.map((group) => group.methodId),
      );
      for (const made of added) {
        const extra: Row = {
          id: made.id,
          order_id: orderId,
          shipping_method_id: made.shipping_method_id,
          state: "waiting",
          shipment_key: null,
          package_id: null,
        };
        this.#rows.set(extra.id, extra);
        paired.push([extra, more.find((group) => group.methodId === made.shipping_method_id)]);
      }
    }
    return paired;
  }

  /** Why an order has nothing for this plugin to ship. */
  #nothingFor(order: BatchOrderRecord): BatchProblem {
    if (order.groups.length === 0) return BATCH_PROBLEMS.not_this_provider();
    if (remainingItems(order).length === 0) return BATCH_PROBLEMS.nothing_to_fulfil();
    return BATCH_PROBLEMS.nothing_to_ship();
  }

  /**
   * A row made ready to buy: checked (this plugin's carrier, something left
   * to fulfil, core's rules in both languages, the pickup point), its
   * shipment attempt begun in the ledger, and its StoreOrder under the
   * attempt's name. Undefined when it failed (its row says why).
   */
  async #prepare(
    row: Row,
    order: BatchOrderRecord,
    group: ShipmentGroup | undefined,
  ): Promise<Candidate | undefined> {
    const data = group?.data;
    const service = str(data?.["service"]);
    if (group === undefined || service === undefined) {
      return this.#failed(row, BATCH_PROBLEMS.not_this_provider());
    }
    const items = group.items;
    if (items.length === 0) return this.#failed(row, BATCH_PROBLEMS.nothing_to_fulfil());
    const point = data?.["point"] as ChosenPoint | undefined;
    let cod: ReturnType<typeof cashOnDelivery>;
    try {
      cod = cashOnDelivery(order, this.#options, this.#language);
    } catch (error) {
      // Paid on delivery with no COD account in force: never shipped
      // prepaid; failed for a retry once COD is set again.
      return this.#failed(row, errorProblem(error, true, this.#language));
    }
    const build = (key: string, withCod: boolean) =>
      fulfillmentOrder(
        key,
        items,
        order,
        order["shipping_address"] as Loose | undefined,
        service,
        point,
        this.#options,
        withCod ? cod : undefined,
      );
    const fresh = batchShipmentKey(this.#batchId, order.id, group.methodId);
    const options = {
      ...shipOptions(this.#options, this.#connection, this.#language),
    };
    // Core's rules before anything is begun or paid: every problem at once, in both languages.
    const checked = safeToPackage(build(fresh, true), options);
    if (!checked.success) {
      return this.#failed(
        row,
        validationProblem(checked.error.issues, this.#language, build(fresh, true), options),
      );
    }
    const standIn = batchFulfillmentId(this.#batchId, order.id, group.methodId);
    let key: string;
    try {
      if (point !== undefined) {
        const refusal = await chosenPointRefusal(
          this.#connection.client,
          point,
          service,
          this.#language,
        );
        if (refusal !== undefined) throw refusal;
      }
      key = await this.#connection.ledger.begin({
        storeId: this.#options.storeId,
        orderId: order.id,
        signature: shipmentSignature("shipment", items),
        fulfillmentId: standIn,
        fresh,
        lines: lineQuantities(items),
        ...(orderedLines(order) === undefined ? {} : { order: orderedLines(order) }),
        language: this.#language,
        // A shipment of these items under way elsewhere (an admin's by hand)
        // is reported at once, not waited for order by order.
        wait: false,
      });
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code === "attempt_in_progress") {
        // Another run ships these items now: what it did is looked at once
        // this batch has done its own work.
        this.#elsewhere.set(row.id, errorProblem(error, true, this.#language));
        return undefined;
      }
      const final = code === "already_fulfilled" || String(code).startsWith("point_");
      return this.#failed(row, errorProblem(error, !final, this.#language));
    }
    const withCod = cod !== undefined && (await this.#connection.ledger.claimCod(key));
    return {
      row,
      key,
      standIn,
      signature: shipmentSignature("shipment", items),
      storeOrder: build(key, withCod),
      service,
    };
  }

  /**
   * Creates the fulfillment of every row bought, through Medusa's workflow:
   * FULFIL_CONCURRENCY orders at a time, the rows of one order one after the
   * other (two fulfillments of one order at once write the same new version
   * of the order, and Medusa loses one's quantities).
   */
  async #fulfil(): Promise<void> {
    const byOrder = new Map<string, Row[]>();
    for (const row of this.#rows.values()) {
      if (row.state !== "bought") continue;
      byOrder.set(row.order_id, [...(byOrder.get(row.order_id) ?? []), row]);
    }
    await eachLimited([...byOrder.values()], FULFIL_CONCURRENCY, async (rows) => {
      for (const row of rows) {
        if (this.#lost.signal.aborted) return;
        const started = Date.now();
        for (let tries = 0; !this.#lost.signal.aborted; tries++) {
          const wait = FULFIL_RETRY_MS[tries];
          // Reading the order or the ledger failed: tried again like a passing failure.
          const outcome = await this.#fulfilOne(row, wait !== undefined).catch(
            async (error: unknown) => {
              if (wait !== undefined) return "retry" as const;
              await this.#fail(row, BATCH_PROBLEMS.fulfilment_refused(errorText(error)));
              return "done" as const;
            },
          );
          if (outcome === "done" || wait === undefined) break;
          await pause(wait, this.#lost.signal);
        }
        this.#fulfilTimes.push(Date.now() - started);
        await this.#save(false);
      }
    });
  }

  /** The row's group as the order is now (undefined when the order or its method is gone). */
  async #groupNow(row: Row): Promise<{ order?: BatchOrderRecord; group?: ShipmentGroup }> {
    const orders = await loadOrders(this.#query, [row.order_id], PROVIDER_PREFIX);
    const order = orders.get(row.order_id);
    const group = order?.groups.find((entry) => entry.methodId === row.shipping_method_id);
    return {
      ...(order === undefined ? {} : { order }),
      ...(group === undefined ? {} : { group }),
    };
  }

  /** The order lines the row's package was bought for (its attempt's), with their quantities. */
  async #boughtLines(row: Row): Promise<Record<string, number> | undefined> {
    if (row.shipment_key === null) return undefined;
    const [attempt] = await this.#connection.ledger.attempts(this.#options.storeId, [
      row.shipment_key,
    ]);
    const lines = attempt?.lines;
    return lines === undefined || Object.keys(lines).length === 0 ? undefined : { ...lines };
  }

  /**
   * Creates the row's fulfillment of the lines its package was bought for,
   * with its shipping option (Medusa's workflow takes the option's shipping
   * profile's lines only, and hands the provider that method's data). The
   * order is read again first: cancelled meanwhile, or its lines fulfilled
   * outside the batch (an admin's fulfillment by hand that did not take the
   * batch's package), the package is cancelled at once. "retry" when it
   * failed for a passing reason and `mayRetry`: the caller tries again
   * after a while (the provider's next call takes the failed attempt over
   * and finds the package).
   */
  async #fulfilOne(row: Row, mayRetry: boolean): Promise<"done" | "retry"> {
    const { order, group } = await this.#groupNow(row);
    if (order === undefined) return this.#done(this.#fail(row, BATCH_PROBLEMS.order_not_found()));
    if (order["status"] === "canceled") return this.#done(this.#dropPackage(row, "cancelled"));
    const left = new Map(
      (group?.items ?? []).map((item) => [String(item["line_item_id"]), Number(item["quantity"])]),
    );
    const lines =
      (await this.#boughtLines(row)) ??
      Object.fromEntries(group === undefined ? [] : [...left.entries()]);
    const fits =
      group !== undefined &&
      Object.keys(lines).length > 0 &&
      Object.entries(lines).every(([line, quantity]) => (left.get(line) ?? 0) >= quantity);
    if (!fits) {
      // Fulfilled by hand with the batch's package, or outside the batch.
      const elsewhere = await this.#fulfilledElsewhere(row);
      if (elsewhere !== undefined) return this.#done(this.#fulfilled(row, elsewhere, "elsewhere"));
      return this.#done(this.#dropPackage(row, "fulfilled"));
    }
    try {
      const { result } = await createOrderFulfillmentWorkflow(this.#container).run({
        input: {
          order_id: row.order_id,
          shipping_option_id: group.optionId,
          items: Object.entries(lines).map(([id, quantity]) => ({ id, quantity })),
          ...(this.#locationId === undefined ? {} : { location_id: this.#locationId }),
        },
      });
      return this.#done(this.#fulfilled(row, String(result.id), "batch"));
    } catch (error) {
      // Another fulfillment (an admin's by hand) took the package at the
      // same moment: the order is fulfilled with it.
      const elsewhere = await this.#fulfilledElsewhere(row);
      if (elsewhere !== undefined) return this.#done(this.#fulfilled(row, elsewhere, "elsewhere"));
      const now = await this.#groupNow(row);
      if (now.order?.["status"] === "canceled") {
        return this.#done(this.#dropPackage(row, "cancelled"));
      }
      // Failed for a passing reason, or refused while another fulfillment
      // (an admin's by hand) holds the package: looked at again in a while.
      if (mayRetry && (isPassing(error) || isHeldElsewhere(error))) return "retry";
      return this.#done(this.#fail(row, BATCH_PROBLEMS.fulfilment_refused(errorText(error))));
    }
  }

  async #done(work: Promise<void>): Promise<"done"> {
    await work;
    return "done";
  }

  /**
   * Cancels the row's package at once (its order was cancelled, or its lines
   * fulfilled outside the batch) and says so; a package the service would
   * not cancel now is left to the reconcile job, which cancels it within the
   * hour.
   */
  async #dropPackage(row: Row, why: "cancelled" | "fulfilled"): Promise<void> {
    let cancelled = false;
    if (row.package_id !== null) {
      try {
        await cancelPackage(
          this.#connection.client,
          this.#options.storeId,
          row.package_id,
          why === "cancelled"
            ? "Order cancelled in Medusa while its batch bought the parcel"
            : "Order fulfilled outside its batch while the batch bought the parcel",
        );
        await this.#connection.ledger.cancelled(this.#options.storeId, row.package_id);
        cancelled = true;
      } catch (error) {
        this.#warn(`package ${row.package_id} of batch ${this.#batchId} not cancelled`, error);
      }
    }
    await this.#fail(
      row,
      why === "cancelled"
        ? BATCH_PROBLEMS.cancelled_while_bought(cancelled)
        : BATCH_PROBLEMS.fulfilled_while_bought(cancelled),
    );
  }

  /**
   * The rows another run was shipping when this batch came to them: fulfilled
   * by that run (nothing left of their group, a live fulfillment of this
   * plugin), or still under way (retryable).
   */
  async #settleElsewhere(): Promise<void> {
    if (this.#elsewhere.size === 0) return;
    for (const [rowId, problem] of this.#elsewhere) {
      const row = this.#rows.get(rowId);
      if (row === undefined) continue;
      const { order, group } = await this.#groupNow(row);
      const live = order === undefined ? [] : liveShipbridgeFulfillments(order, PROVIDER_PREFIX);
      const fulfillment = live.at(-1);
      if (order !== undefined && (group?.items.length ?? 0) === 0 && fulfillment !== undefined) {
        const data = (fulfillment["data"] ?? {}) as Loose;
        row.package_id = typeof data["package_id"] === "number" ? data["package_id"] : null;
        await this.#write(row, {
          package_id: row.package_id,
          shipment_key: str(data["shipment_key"]) ?? null,
          service: str(data["service"]) ?? null,
        });
        await this.#fulfilled(row, String(fulfillment["id"]), "elsewhere");
      } else {
        await this.#fail(row, problem);
      }
    }
  }

  /** The live fulfillment of this plugin that holds the row's package, if any. */
  async #fulfilledElsewhere(row: Row): Promise<string | undefined> {
    const orders = await loadOrders(this.#query, [row.order_id], PROVIDER_PREFIX);
    const order = orders.get(row.order_id);
    if (order === undefined) return undefined;
    const found = liveShipbridgeFulfillments(order, PROVIDER_PREFIX).find(
      (fulfillment) => (fulfillment["data"] as Loose | null)?.["package_id"] === row.package_id,
    );
    return str(found?.["id"]);
  }

  async #fulfilled(row: Row, fulfillmentId: string, by: "batch" | "elsewhere"): Promise<void> {
    row.state = "fulfilled";
    await this.#write(row, {
      state: "fulfilled",
      fulfillment_id: fulfillmentId,
      fulfilled_by: by,
    });
  }

  async #failed(row: Row, problem: BatchProblem): Promise<undefined> {
    await this.#fail(row, problem);
    return undefined;
  }

  async #fail(row: Row, problem: BatchProblem): Promise<void> {
    row.state = "failed";
    await this.#write(row, {
      state: "failed",
      code: problem.code,
      messages: problem.messages,
      issues: problem.issues ?? null,
      retryable: problem.retryable,
    });
  }

  /**
   * Writes one of the batch's rows while this run holds the batch (its
   * lease live); a run that no longer does stops at once, writing nothing.
   */
  async #write(row: Row, fields: BatchOrderFields): Promise<void> {
    const written = await this.#shipbridge.updateBatchOrderFor(
      this.#batchId,
      this.#runner,
      row.id,
      fields,
    );
    if (!written) this.#loseLease();
  }

  /** This run no longer holds the batch: it stops (the run that holds it now goes on). */
  #loseLease(): never {
    const reason = new Error(
      `batch ${this.#batchId} is no longer this run's (its lease lapsed or another run took it)`,
    );
    if (!this.#lost.signal.aborted) this.#lost.abort(reason);
    throw reason;
  }

  /** The counts and the time left, as the batch's row keeps them. */
  #progress() {
    const rows = [...this.#rows.values()];
    const count = (state: RowState) => rows.filter((row) => row.state === state).length;
    const buying = this.#buying;
    const before = this.#boughtBefore;
    const bought = count("bought") + count("fulfilled");
    const created = Math.max(bought, before + (buying?.created ?? 0));
    const ordered = Math.max(bought, before + (buying?.ordered ?? 0));
    const labelled = Math.max(bought, before + (buying?.labelled ?? 0));
    const fulfilled = count("fulfilled");
    const failed = count("failed");
    const measured =
      this.#fulfilTimes.length === 0
        ? FULFIL_GUESS_MS
        : this.#fulfilTimes.reduce((sum, ms) => sum + ms, 0) / this.#fulfilTimes.length;
    const toFulfil = rows.length - fulfilled - failed;
    const fulfilling = Math.ceil((toFulfil * measured) / FULFIL_CONCURRENCY);
    let remaining: number | null = null;
    if (this.#phase === "done") remaining = 0;
    else if (this.#phase === "fulfilling") remaining = fulfilling;
    else if (buying?.remainingMs !== undefined) remaining = buying.remainingMs + fulfilling;
    return {
      phase: this.#phase,
      created,
      ordered,
      labelled,
      fulfilled,
      failed,
      remaining_ms: remaining === null ? null : Math.round(remaining),
      progress_at: new Date(),
    };
  }

  /** Writes the progress: at once when `now`, else at most every PROGRESS_EVERY_MS. */
  #save(now: boolean): Promise<void> {
    if (!now && Date.now() - this.#savedAt < PROGRESS_EVERY_MS) return this.#saving;
    this.#savedAt = Date.now();
    this.#saving = this.#saving
      .then(() =>
        this.#shipbridge.saveBatchProgressFor(this.#batchId, this.#runner, this.#progress()),
      )
      .then(
        (written) => {
          if (!written && !this.#lost.signal.aborted) {
            this.#lost.abort(new Error(`batch ${this.#batchId} is no longer this run's`));
          }
        },
        (error: unknown) => this.#warn(`progress of batch ${this.#batchId} not kept`, error),
      );
    return this.#saving;
  }
}

/**
 * Whether a fulfillment failed for a passing reason: the service down,
 * slow or limiting, no answer, Medusa failing unexpectedly (a 500), not a
 * refusal.
 */
function isPassing(error: unknown): boolean {
  return asMedusaError(error).type === MedusaError.Types.UNEXPECTED_STATE;
}

/**
 * Whether the provider refused the fulfillment because another one holds
 * its items (running, or just shipped and not yet recorded by Medusa).
 */
function isHeldElsewhere(error: unknown): boolean {
  const code = asMedusaError(error).code;
  return code === "already_fulfilled" || code === "attempt_in_progress";
}

/** Waits `ms`, or less when `signal` is aborted. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}

function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === "string" ? message : String(error);
}
