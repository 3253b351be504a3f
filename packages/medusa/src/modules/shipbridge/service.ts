// The shipbridge module's service: shipment rows, tracking pushes verified and
// kept once, tracking reconciled by polling, labels and pickup points from the
// service. It opens its own connection from the plugin options, sharing the
// provider's tokens through PostgreSQL.
import { createHash, randomBytes } from "node:crypto";
import type { Logger } from "@medusajs/framework/types";
import { generateEntityId, MedusaError, MedusaService } from "@medusajs/framework/utils";
import {
  isNotFoundError,
  isOAuthError,
  isReauthorizationRequiredError,
  isValidationError,
  type Language,
  orderCommandId,
  shipOrderReference,
  ValidationError,
  verifyTrackingPush,
} from "@shipbridge/core";
import { pointClosure } from "@shipbridge/core/rules";
import { isFinalCommandStatus, type Point } from "@shipbridge/core/schemas";
import { batchKeyReused, type StartedBatch, sameBatchRequest } from "../../lib/batch-request.ts";
import { cancelPackage } from "../../lib/cancel-package.ts";
import { type Connection, sharedConnection } from "../../lib/connection.ts";
import { coreLanguage } from "../../lib/language.ts";
import { asMedusaError } from "../../lib/medusa-error.ts";
import { keptFulfillments } from "../../lib/medusa-fulfillments.ts";
import {
  backendUrl,
  connectRedirectUri,
  databaseUrlOf,
  grantOf,
  type PluginOptions,
  pluginOptions,
  TRACKING_WEBHOOK_PATH,
} from "../../lib/options.ts";
import { refusalMessage } from "../../lib/refusal-messages.ts";
import { AccountLink } from "./models/account-link.ts";
import { Batch } from "./models/batch.ts";
import { BatchOrder } from "./models/batch-order.ts";
import { ConnectRequest } from "./models/connect-request.ts";
import { MerchantSettings } from "./models/merchant-settings.ts";
import { Shipment } from "./models/shipment.ts";
import { TrackingEvent } from "./models/tracking-event.ts";
import { registerTrackingWebhookAtStart } from "./register-at-start.ts";
import { settingsInForce } from "./settings-in-force.ts";

type Loose = Record<string, unknown>;

/** Tracking states after which a package is not followed any more. */
export const FINAL_TRACKING_STATES = new Set(["delivered", "returned", "canceled"]);

/** A fulfillment as Medusa keeps it: what the provider returned. */
export interface ShippedFulfillment {
  readonly id: string;
  readonly data?: Loose | null;
  readonly labels?: readonly { tracking_number?: string; tracking_url?: string }[] | null;
}

/** The code of a push refused because its package's shipment is not recorded yet. */
export const SHIPMENT_NOT_RECORDED_YET = "shipment_not_recorded_yet";

export interface TrackingUpdate {
  readonly package_id: number;
  readonly fulfillment_id: string | undefined;
  readonly state: string;
  /** When the event happened, as the service says. */
  readonly datetime?: string;
  /** False when the event was known already (a replayed push): nothing changed. */
  readonly recorded: boolean;
  /** The shipment's tracking before this event was kept (a push's only). */
  readonly previous?: { tracking_state: string | null; tracking_at: string | null };
}

export interface PickupPointQuery {
  readonly service: string;
  readonly postcode?: string | undefined;
  readonly city?: string | undefined;
  readonly country_code?: string | undefined;
  /** One point by its code (a shopper typed it), wherever it is; the address still locates the search. */
  readonly point_id?: string | undefined;
  readonly limit?: number | undefined;
  /** The language of the service's messages; the plugin's by default. */
  readonly language?: Language | undefined;
}

/** What the reconcile job did with a shipment attempt nobody took over. */
export interface SettledAttempt {
  readonly shipment_key: string;
  readonly order_id: string;
  readonly outcome: "cancelled" | "abandoned" | "failed" | "shipped";
  /** The packages found under the attempt's name and cancelled. */
  readonly package_ids: number[];
  /** Why it could not be settled now (the next run tries again). */
  readonly reason?: string;
}

/** How long a failed attempt waits for the admin's retry before the job settles it. */
export const ATTEMPT_GRACE_MS = 60 * 60 * 1000;
/**
 * A run that has not renewed its lease for this long has lost its process.
 * Far above the lease (`ATTEMPT_LEASE_MS`, 30 s) plus the grace: until then
 * the admin's retry may take the attempt over and find its package, so the
 * job must not cancel it (the ledger never takes one sooner than that).
 */
export const ATTEMPT_STALE_MS = 2 * 60 * 60 * 1000;

export type ConnectionState = "connected" | "reconnect" | "not_connected";

/**
 * What registering the tracking webhook did: `registered` (the account's
 * pushes now come here, with the current secret), `elsewhere` (the account
 * sends them to another address, left as it is), or `no_secret` (the plugin
 * has no trackingWebhookSecret, so nothing could verify a push).
 */
export type TrackingWebhookResult = "registered" | "elsewhere" | "no_secret";

/** The account link's note that taking the tracking webhook over is still to do. */
const TAKEOVER_PENDING = "takeover-pending";

/** How long a connect request's state is accepted by the callback. */
const CONNECT_REQUEST_TTL_MS = 15 * 60 * 1000;

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** What a raw SQL statement on the module's own database needs. */
interface RawManager {
  execute(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
}

/** The module container's logger, when it has one (its cradle throws for a missing name). */
// biome-ignore lint/suspicious/noExplicitAny: Medusa's module container is untyped.
function loggerOf(container: any): Logger | undefined {
  try {
    return container?.logger as Logger | undefined;
  } catch {
    return undefined;
  }
}

/** An error's message, for a log line (core's errors never carry a secret). */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function isUniqueViolation(error: unknown): boolean {
  const text = String((error as { code?: unknown })?.code ?? "") + String(error);
  return text.includes("23505") || /unique|duplicate|already exists/i.test(text);
}

/** What a batch's run writes on one of its rows. */
export interface BatchOrderFields {
  readonly state?: string;
  readonly shipment_key?: string | null;
  readonly package_id?: number | null;
  readonly service?: string | null;
  readonly fulfillment_id?: string | null;
  readonly fulfilled_by?: string | null;
  readonly code?: string | null;
  readonly messages?: unknown;
  readonly issues?: unknown;
  readonly retryable?: boolean;
}

const BATCH_ORDER_COLUMNS = new Set([
  "state",
  "shipment_key",
  "package_id",
  "service",
  "fulfillment_id",
  "fulfilled_by",
  "code",
  "messages",
  "issues",
  "retryable",
]);

/** What a batch's run writes of its progress. */
export interface BatchProgressFields {
  readonly phase: string;
  readonly created: number;
  readonly ordered: number;
  readonly labelled: number;
  readonly fulfilled: number;
  readonly failed: number;
  readonly remaining_ms: number | null;
  readonly progress_at: Date;
}

export class ShipbridgeModuleService extends MedusaService({
  Shipment,
  TrackingEvent,
  ConnectRequest,
  AccountLink,
  Batch,
  BatchOrder,
  MerchantSettings,
}) {
  readonly pluginOptions: PluginOptions;
  // Plain fields, not #private ones: Medusa calls the service through a Proxy.
  protected connection_: Connection | undefined;
  protected readonly databaseUrl_: string;
  protected readonly logger_: Logger | undefined;

  // biome-ignore lint/suspicious/noExplicitAny: Medusa's module container is untyped.
  constructor(_container: any, options: unknown) {
    // biome-ignore lint/complexity/noArguments: MedusaService reads every constructor argument.
    super(...arguments);
    this.logger_ = loggerOf(_container);
    // One parse of the options and one database rule, shared with the provider.
    this.pluginOptions = pluginOptions(options);
    this.databaseUrl_ = databaseUrlOf(this.pluginOptions);
  }

  /**
   * The shipment rows under the name Medusa's Query gives them (the model's
   * linkable entity, `ShipbridgeShipment`), so the module links read with
   * `query.graph` (an order's, a return's or a fulfillment's shipments).
   */
  listShipbridgeShipments(
    ...args: Parameters<ShipbridgeModuleService["listShipments"]>
  ): ReturnType<ShipbridgeModuleService["listShipments"]> {
    return this.listShipments(...args);
  }

  listAndCountShipbridgeShipments(
    ...args: Parameters<ShipbridgeModuleService["listAndCountShipments"]>
  ): ReturnType<ShipbridgeModuleService["listAndCountShipments"]> {
    return this.listAndCountShipments(...args);
  }

  /** Medusa's lifecycle hooks: at start, the tracking webhook (register-at-start.ts). */
  __hooks = {
    onApplicationStart: async (): Promise<void> => {
      await registerTrackingWebhookAtStart(this, this.logger_);
    },
  };

  /** The connection to the service, opened on first use. */
  get connection(): Connection {
    const repository = (this as unknown as { baseRepository_: { getFreshManager(): RawManager } })
      .baseRepository_;
    this.connection_ ??= sharedConnection(
      this.pluginOptions,
      this.databaseUrl_,
      keptFulfillments(() => repository.getFreshManager()),
    );
    return this.connection_;
  }

  /** A raw statement on the module's database (`?` placeholders). */
  protected execute_(sql: string, params: unknown[] = []): Promise<Record<string, unknown>[]> {
    const repository = (this as unknown as { baseRepository_: { getFreshManager(): RawManager } })
      .baseRepository_;
    return repository.getFreshManager().execute(sql, params);
  }

  /**
   * The batch started with `key`, with what it was started for; undefined
   * when there is none.
   */
  async batchOfKey(key: string): Promise<StartedBatch | undefined> {
    const [batch] = await this.listBatches({ key });
    if (batch === undefined) return undefined;
    const orders = await this.listBatchOrders({ batch_id: batch.id }, { select: ["order_id"] });
    return {
      id: batch.id,
      all_waiting: batch.all_waiting === true,
      location_id: batch.location_id ?? null,
      order_ids: [...new Set(orders.map((order) => order.order_id))],
    };
  }

  /**
   * The batch of the admin's `key`, made with one row per order the first
   * time: the same key again (a double click, a retried request) answers the
   * same batch, also when two requests race. The same key asking for
   * something else (other orders, "all waiting" instead of a list or the
   * other way round, another location) is refused (`batch_key_reused`).
   */
  async openBatch(input: {
    key: string;
    order_ids: readonly string[];
    location_id?: string | undefined;
    /** The orders were "all waiting": the key's batch is the answer, whatever waits now. */
    all_waiting?: boolean | undefined;
  }): Promise<{ id: string; created: boolean }> {
    const existing = async () => {
      const batch = await this.batchOfKey(input.key);
      if (batch === undefined) return undefined;
      if (!sameBatchRequest(batch, { ...input, all_waiting: input.all_waiting === true })) {
        throw batchKeyReused(batch.id, "en_GB");
      }
      return { id: batch.id, created: false };
    };
    const found = await existing();
    if (found !== undefined) return found;
    const orderIds = [...new Set(input.order_ids)];
    const id = generateEntityId(undefined, "sbbat");
    // The batch and its orders in one statement: a request racing this one
    // sees all of it or none, and its own insert waits for this one and
    // does nothing.
    const rows = await this.execute_(
      `with batch as (
         insert into "shipbridge_batch" ("id", "key", "state", "phase", "location_id", "all_waiting", "total")
         values (?, ?, 'queued', 'buying', ?, ?, ?) on conflict do nothing returning "id")
       insert into "shipbridge_batch_order" ("id", "batch_id", "order_id", "state")
       select entry.id, batch.id, entry.order_id, 'waiting'
         from batch, unnest(array[?]::text[], array[?]::text[]) as entry(id, order_id)
       returning "batch_id"`,
      [
        id,
        input.key,
        input.location_id ?? null,
        input.all_waiting === true,
        orderIds.length,
        orderIds.map(() => generateEntityId(undefined, "sbbor")),
        orderIds,
      ],
    );
    if (rows.length > 0) return { id, created: true };
    const raced = await existing();
    if (raced === undefined) throw new Error(`batch of key ${input.key} neither made nor found`);
    return raced;
  }

  /**
   * Keeps courier bookings on a batch in one statement: entries of the same
   * command are replaced, the others appended, so bookings made at the same
   * moment (two carriers booked at once) all stay.
   */
  async addBatchPickups(
    batchId: string,
    entries: readonly Record<string, unknown>[],
  ): Promise<void> {
    if (entries.length === 0) return;
    await this.execute_(
      `update "shipbridge_batch" set "pickups" = coalesce((
          select jsonb_agg(e.entry order by e.position)
            from jsonb_array_elements(coalesce("pickups", '[]'::jsonb)) with ordinality as e(entry, position)
           where not (e.entry->>'command_id' = any(array[?]::text[]))), '[]'::jsonb) || ?::jsonb,
              "updated_at" = now()
        where "id" = ?`,
      [entries.map((entry) => String(entry["command_id"])), JSON.stringify(entries), batchId],
    );
  }

  /** Marks one of a batch's courier bookings cancelled, in one statement (the others kept as they are). */
  async cancelBatchPickupEntry(batchId: string, commandId: string): Promise<void> {
    await this.execute_(
      `update "shipbridge_batch" set "pickups" = (
          select jsonb_agg(case when e.entry->>'command_id' = ?
                                then e.entry || '{"cancelled": true}'::jsonb else e.entry end
                           order by e.position)
            from jsonb_array_elements("pickups") with ordinality as e(entry, position)),
              "updated_at" = now()
        where "id" = ? and jsonb_typeof("pickups") = 'array'`,
      [commandId, batchId],
    );
  }

  /**
   * The batch while `runner` holds it, locked for this statement: a run
   * whose lease lapsed or was taken writes nothing, and a run taking the
   * batch over waits for a write under way.
   */
  protected heldBy_(): string {
    return `with held as (
      select "id" from "shipbridge_batch"
       where "id" = ? and "runner" = ? and "state" = 'running' and "lease_until" > now()
         and "deleted_at" is null for share)`;
  }

  /**
   * Writes one of a batch's rows while `runner` holds the batch (its lease
   * live); false when it no longer does (nothing written).
   */
  async updateBatchOrderFor(
    batchId: string,
    runner: string,
    rowId: string,
    fields: BatchOrderFields,
  ): Promise<boolean> {
    const set: string[] = [];
    const values: unknown[] = [];
    for (const [column, value] of Object.entries(fields)) {
      if (value === undefined || !BATCH_ORDER_COLUMNS.has(column)) continue;
      const json = column === "messages" || column === "issues";
      set.push(`"${column}" = ?${json ? "::jsonb" : ""}`);
      values.push(json && value !== null ? JSON.stringify(value) : value);
    }
    const rows = await this.execute_(
      `${this.heldBy_()}
       update "shipbridge_batch_order" set ${[...set, `"updated_at" = now()`].join(", ")}
        where "id" = ? and "batch_id" = ? and exists (select 1 from held) returning "id"`,
      [batchId, runner, ...values, rowId, batchId],
    );
    return rows.length > 0;
  }

  /** Writes a batch's progress while `runner` holds it; false when it no longer does. */
  async saveBatchProgressFor(
    batchId: string,
    runner: string,
    progress: BatchProgressFields,
  ): Promise<boolean> {
    const rows = await this.execute_(
      `update "shipbridge_batch" set "phase" = ?, "created" = ?, "ordered" = ?, "labelled" = ?,
              "fulfilled" = ?, "failed" = ?, "remaining_ms" = ?, "progress_at" = ?, "updated_at" = now()
        where "id" = ? and "runner" = ? and "state" = 'running' and "lease_until" > now()
        returning "id"`,
      [
        progress.phase,
        progress.created,
        progress.ordered,
        progress.labelled,
        progress.fulfilled,
        progress.failed,
        progress.remaining_ms,
        progress.progress_at,
        batchId,
        runner,
      ],
    );
    return rows.length > 0;
  }

  /**
   * Gives a batch's row made for the whole order the order's shipping
   * method it ships, while `runner` holds the batch; false when it no
   * longer does.
   */
  async assignBatchOrder(
    batchId: string,
    runner: string,
    rowId: string,
    shippingMethodId: string,
  ): Promise<boolean> {
    const rows = await this.execute_(
      `${this.heldBy_()}
       update "shipbridge_batch_order" set "shipping_method_id" = ?, "updated_at" = now()
        where "id" = ? and "shipping_method_id" is null and exists (select 1 from held)
        returning "id"`,
      [batchId, runner, shippingMethodId, rowId],
    );
    return rows.length > 0;
  }

  /**
   * Adds to a batch a row per further shipping method of this plugin of an
   * order (one package each), once however often it is asked, while
   * `runner` holds the batch; the batch's total counts them. Returns the
   * rows made now (none when the run no longer holds the batch).
   */
  async addBatchOrders(
    batchId: string,
    runner: string,
    orderId: string,
    shippingMethodIds: readonly string[],
  ): Promise<{ id: string; shipping_method_id: string }[]> {
    if (shippingMethodIds.length === 0) return [];
    const rows = await this.execute_(
      `${this.heldBy_()}
       insert into "shipbridge_batch_order" ("id", "batch_id", "order_id", "shipping_method_id", "state")
       select entry.id, held.id, ?, entry.method, 'waiting'
         from held, unnest(array[?]::text[], array[?]::text[]) as entry(id, method)
       on conflict do nothing returning "id", "shipping_method_id"`,
      [
        batchId,
        runner,
        orderId,
        shippingMethodIds.map(() => generateEntityId(undefined, "sbbor")),
        [...shippingMethodIds],
      ],
    );
    await this.execute_(
      `update "shipbridge_batch" set "total" = (select count(*) from "shipbridge_batch_order"
          where "batch_id" = ? and "deleted_at" is null) where "id" = ?`,
      [batchId, batchId],
    );
    return rows.map((row) => ({
      id: String(row["id"]),
      shipping_method_id: String(row["shipping_method_id"]),
    }));
  }

  /** A batch by its id; a 404 `batch_not_found` in `language` when there is none. */
  async batchOf(id: string, language: Language = "en_GB") {
    const [batch] = await this.listBatches({ id });
    if (batch === undefined) {
      throw new MedusaError(
        MedusaError.Types.NOT_FOUND,
        language === "pl_PL" ? `Nie ma partii ${id}` : `There is no batch ${id}`,
        "batch_not_found",
      );
    }
    return batch;
  }

  /**
   * Takes the batch for one run (`runner`) until `leaseMs` from now: a
   * queued batch, or a running one whose lease lapsed (its process died).
   * False when another run holds it or it is done.
   */
  async claimBatch(id: string, runner: string, leaseMs: number): Promise<boolean> {
    const rows = await this.execute_(
      `update "shipbridge_batch" set "state" = 'running', "runner" = ?, "runs" = "runs" + 1,
              "lease_until" = now() + (cast(? as double precision) * interval '1 millisecond'), "updated_at" = now()
        where "id" = ? and "deleted_at" is null and "state" in ('queued', 'running')
          and ("lease_until" is null or "lease_until" < now()) returning "id"`,
      [runner, leaseMs, id],
    );
    return rows.length > 0;
  }

  /** Renews a run's lease on its batch; false when the batch is no longer this run's. */
  async renewBatch(id: string, runner: string, leaseMs: number): Promise<boolean> {
    const rows = await this.execute_(
      `update "shipbridge_batch" set "lease_until" = now() + (cast(? as double precision) * interval '1 millisecond')
        where "id" = ? and "runner" = ? and "state" = 'running' returning "id"`,
      [leaseMs, id, runner],
    );
    return rows.length > 0;
  }

  /**
   * Ends a run: its batch done (or back to queued for the next run, with no
   * estimate of the time left until a run takes it), its lease given back.
   */
  async releaseBatch(id: string, runner: string, done: boolean): Promise<void> {
    await this.execute_(
      `update "shipbridge_batch" set "state" = ?, "lease_until" = null, "updated_at" = now(),
              "remaining_ms" = case when cast(? as boolean) then "remaining_ms" else null end,
              "finished_at" = case when cast(? as boolean) then now() else "finished_at" end
        where "id" = ? and "runner" = ?`,
      [done ? "done" : "queued", done, done, id, runner],
    );
  }

  /**
   * The batches no run holds: running with a lapsed lease (their process
   * died), or queued for longer than `queuedMs` (their start event was lost).
   */
  async idleBatches(queuedMs: number): Promise<string[]> {
    const rows = await this.execute_(
      `select "id" from "shipbridge_batch" where "deleted_at" is null
          and (("state" = 'running' and "lease_until" < now())
            or ("state" = 'queued' and "updated_at" < now() - (cast(? as double precision) * interval '1 millisecond')))
        order by "created_at"`,
      [queuedMs],
    );
    return rows.map((row) => String(row["id"]));
  }

  /**
   * Keeps (once) the shipment of a fulfillment the provider has shipped, from
   * what the provider returned (the fulfillment's `data` and labels, read back
   * through Medusa). Returns the new row's id, or undefined when there is
   * nothing to keep (not a parcel of this plugin) or it was kept already
   * (also by another instance at the same moment). Called by the
   * record-shipments workflow, which links the row to its fulfillment, order
   * and return.
   */
  async recordShipment(input: {
    fulfillment: ShippedFulfillment;
    order_id?: string | null | undefined;
    is_return?: boolean | undefined;
  }): Promise<string | undefined> {
    const { fulfillment } = input;
    const data = fulfillment.data ?? {};
    const packageId = data["package_id"];
    if (typeof packageId !== "number") return undefined;
    const [existing] = await this.listShipments({ fulfillment_id: fulfillment.id });
    if (existing !== undefined) return undefined;
    const label = fulfillment.labels?.[0];
    const point = data["point"] as { code?: unknown } | undefined;
    const price = data["price"] as { amount?: unknown; currency?: unknown } | undefined;
    const orderId =
      input.order_id ?? (typeof data["order_id"] === "string" ? data["order_id"] : null);
    try {
      const created = await this.createShipments({
        fulfillment_id: fulfillment.id,
        order_id: orderId,
        package_id: packageId,
        command_id: String(data["command_id"] ?? ""),
        service: String(data["service"] ?? ""),
        point_id: typeof point?.code === "string" ? point.code : null,
        tracking_number: label?.tracking_number ?? null,
        tracking_url: label?.tracking_url ?? null,
        is_return: input.is_return === true || data["is_return"] === true,
        price:
          typeof price?.amount === "number" && typeof price.currency === "string"
            ? { amount: price.amount, currency: price.currency }
            : null,
      });
      return created.id;
    } catch (error) {
      // Another instance kept it at the same moment.
      if (!isUniqueViolation(error)) throw error;
      return undefined;
    }
  }

  /** Keeps one tracking event; false when it was known already. */
  protected async recordEvent_(
    packageId: number,
    event: { state: string; datetime: string; description?: string | null | undefined },
    source: "push" | "poll",
  ): Promise<boolean> {
    const known = await this.listTrackingEvents({
      package_id: packageId,
      state: event.state,
      datetime: event.datetime,
    });
    if (known.length > 0) return false;
    try {
      await this.createTrackingEvents({
        package_id: packageId,
        state: event.state,
        datetime: event.datetime,
        description: event.description ?? null,
        source,
      });
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
    const [shipment] = await this.listShipments({ package_id: packageId });
    if (shipment !== undefined && (shipment.tracking_at ?? "") <= event.datetime) {
      await this.updateShipments({
        id: shipment.id,
        tracking_state: event.state,
        tracking_at: event.datetime,
      });
    }
    return true;
  }

  /**
   * Verifies a tracking push on its raw body with the webhook secret, then
   * keeps its event once. A push that fails verification throws and changes
   * nothing; so does a push for a package whose shipment is not recorded yet
   * (`shipment_not_recorded_yet`, for the service to push again later:
   * recording runs after the parcel is bought, and an event kept before it
   * would be taken for a replay ever after).
   */
  async recordTrackingPush(
    rawBody: string | Uint8Array,
    language: Language = coreLanguage(this.pluginOptions.language),
  ): Promise<TrackingUpdate> {
    const secret = this.pluginOptions.trackingWebhookSecret;
    if (secret === undefined) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        "The tracking webhook is off: set the plugin option trackingWebhookSecret",
        "tracking_webhook_off",
      );
    }
    const body = typeof rawBody === "string" ? rawBody : new TextDecoder().decode(rawBody);
    const verified = verifyTrackingPush(body, secret);
    if (!verified.ok) {
      throw new MedusaError(
        MedusaError.Types.UNAUTHORIZED,
        `The tracking push was refused: ${verified.error.issues.map((i) => `${i.path || "body"} ${i.rule}`).join(", ")}`,
        "tracking_push_refused",
      );
    }
    const push = verified.value;
    const packageId = Number(push.package_id);
    const [shipment] = await this.listShipments({ package_id: packageId });
    if (shipment === undefined) {
      throw new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        language === "pl_PL"
          ? `Przesyłka paczki ${packageId} nie jest jeszcze zapisana; wyślij powiadomienie ponownie później`
          : `The shipment of package ${packageId} is not recorded yet; push again later`,
        SHIPMENT_NOT_RECORDED_YET,
      );
    }
    const recorded = await this.recordEvent_(packageId, push.tracking, "push");
    return {
      package_id: packageId,
      fulfillment_id: shipment.fulfillment_id,
      state: push.tracking.state,
      datetime: push.tracking.datetime,
      recorded,
      previous: { tracking_state: shipment.tracking_state, tracking_at: shipment.tracking_at },
    };
  }

  /**
   * Asks the service for the tracking of every shipment still on its way and
   * keeps the events not seen yet; the fallback when pushes are lost.
   */
  async reconcileTracking(): Promise<TrackingUpdate[]> {
    // Finished shipments are left out in the query: taking the oldest 500
    // first would let old delivered ones hide every shipment still moving.
    const shipments = await this.listShipments(
      { $or: [{ tracking_state: null }, { tracking_state: { $nin: [...FINAL_TRACKING_STATES] } }] },
      { take: 500, order: { created_at: "ASC" } },
    );
    const updates: TrackingUpdate[] = [];
    for (const shipment of shipments) {
      // One package the service cannot track now (cancelled, gone) must not stop the others.
      const parcels = await this.connection.client.packages
        .tracking(shipment.package_id)
        .catch(() => []);
      const events = parcels
        .flatMap((parcel) => parcel.tracking)
        .sort((a, b) => a.datetime.localeCompare(b.datetime));
      for (const event of events) {
        if (await this.recordEvent_(shipment.package_id, event, "poll")) {
          updates.push({
            package_id: shipment.package_id,
            fulfillment_id: shipment.fulfillment_id,
            state: event.state,
            recorded: true,
          });
        }
      }
    }
    return updates;
  }

  /** The grant the plugin's options ask for. */
  get grant(): "client_credentials" | "password" | "authorization_code" {
    return grantOf(this.pluginOptions);
  }

  /** The key of this store's tokens (and of its account link). */
  get connectionKey(): string {
    return this.connection.oauth.key;
  }

  /**
   * Settles the shipment attempts that no retry took over within `graceMs`
   * and that Medusa holds no fulfillment for (they threw, their run died, or
   * they shipped but Medusa never kept the fulfillment): a package the
   * service made and charged under the attempt's name is cancelled (the
   * money comes back) and the attempt marked cancelled; with no package, it
   * is marked abandoned. An attempt whose fulfillment Medusa has after all
   * is marked shipped, never cancelled. Each attempt is taken once, whatever
   * runs the job.
   */
  async reconcileAttempts(
    options: { graceMs?: number; staleMs?: number } = {},
  ): Promise<SettledAttempt[]> {
    const storeId = this.pluginOptions.storeId;
    const attempts = await this.connection.ledger.takeUnclaimed(
      storeId,
      options.graceMs ?? ATTEMPT_GRACE_MS,
      options.staleMs ?? ATTEMPT_STALE_MS,
    );
    const settled: SettledAttempt[] = [];
    for (const attempt of attempts) {
      // Medusa has its fulfillment: it shipped (the run could not say so).
      if (attempt.state === "shipped") {
        settled.push({
          shipment_key: attempt.shipment_key,
          order_id: attempt.order_id,
          outcome: "shipped",
          package_ids: attempt.package_id === null ? [] : [attempt.package_id],
        });
        continue;
      }
      try {
        // The run's order command (its uuid comes from the shipment's name)
        // may still be working at the service: settle the attempt once it ends.
        const command = await this.connection.client.orderCommands
          .get(orderCommandId(storeId, attempt.shipment_key))
          .catch((error: unknown) => {
            if (isNotFoundError(error)) return undefined;
            throw error;
          });
        if (command !== undefined && !isFinalCommandStatus(command.status)) {
          throw new Error(`its order command is still ${command.status}`);
        }
        const { packages } = await this.connection.client.packages.list({
          user_reference_number: shipOrderReference(storeId, attempt.shipment_key),
        });
        const cancelled: number[] = [];
        for (const pkg of packages.filter((p) => p.state !== "canceled")) {
          const { outcome } = await cancelPackage(
            this.connection.client,
            storeId,
            pkg.package_id,
            "Shipment attempt without a Medusa fulfillment",
          );
          if (outcome === "cancelled") cancelled.push(pkg.package_id);
        }
        // A package never ordered cost nothing: the attempt is abandoned.
        const outcome = cancelled.length > 0 ? "cancelled" : "abandoned";
        await this.connection.ledger.settle(attempt.shipment_key, outcome, packages[0]?.package_id);
        settled.push({
          shipment_key: attempt.shipment_key,
          order_id: attempt.order_id,
          outcome,
          package_ids: cancelled,
        });
      } catch (error) {
        // Back to failed: the next run tries again.
        await this.connection.ledger.settle(attempt.shipment_key, "failed");
        settled.push({
          shipment_key: attempt.shipment_key,
          order_id: attempt.order_id,
          outcome: "failed",
          package_ids: [],
          reason: error instanceof Error ? error.message : String(error),
        });
      }
    }
    return settled;
  }

  /**
   * Whether the service account is usable: "connected"; "reconnect" when the
   * service refuses the plugin's tokens or credentials (changed password,
   * revoked application, expired authorization); "not_connected" when the
   * authorization-code grant was never completed. It writes nothing of its
   * own (GET routes ask it); only a refresh of the tokens is kept.
   */
  async accountState(): Promise<ConnectionState> {
    const codeGrant = this.grant === "authorization_code";
    if (codeGrant && (await this.connection.oauth.tokens()) === undefined) {
      const [link] = await this.listAccountLinks({ key: this.connectionKey });
      return link === undefined ? "not_connected" : "reconnect";
    }
    try {
      await this.connection.client.account.services();
      return "connected";
    } catch (error) {
      if (isReauthorizationRequiredError(error) || isOAuthError(error)) return "reconnect";
      throw error;
    }
  }

  protected async linkAccount_(state: "connected" | "reconnect"): Promise<void> {
    await this.setLink_(this.connectionKey, state);
  }

  /** Keeps `state` under `key` in the account links, made once however many race. */
  protected async setLink_(key: string, state: string): Promise<void> {
    const [link] = await this.listAccountLinks({ key });
    if (link !== undefined) {
      if (link.state !== state) await this.updateAccountLinks({ id: link.id, state });
      return;
    }
    try {
      await this.createAccountLinks({ key, state });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      await this.setLink_(key, state);
    }
  }

  /** Whether `returnTo` is one of the allowed places to come back to after connecting. */
  protected allowedReturn_(returnTo: string): boolean {
    if (!URL.canParse(returnTo)) return false;
    const target = new URL(returnTo);
    const backend = backendUrl(this.pluginOptions, "");
    const allowed = [`${backend}/app`, ...this.pluginOptions.connect_return_urls];
    return allowed.some((entry) => {
      const base = new URL(entry);
      if (base.origin !== target.origin) return false;
      const path = base.pathname.replace(/\/+$/, "");
      return path === "" || target.pathname === path || target.pathname.startsWith(`${path}/`);
    });
  }

  /**
   * Starts connecting the account with the authorization code: a state kept
   * (hashed) in the database for one use, for the service's authorization
   * page (authorizationUrl) to carry. `returnTo` must be inside the
   * backend's `/app` or one of `connect_return_urls`.
   */
  async keepConnectRequest(returnTo?: string): Promise<{ state: string }> {
    if (this.grant !== "authorization_code") {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `The plugin uses the ${this.grant} grant: set the option grant to "authorization_code" to connect from the admin`,
        "connect_grant_unsupported",
      );
    }
    const target = returnTo ?? backendUrl(this.pluginOptions, "/app");
    if (!this.allowedReturn_(target)) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        "return_to: must start with the backend's /app or one of the connect_return_urls option / return_to: musi zaczynać się od /app zaplecza lub jednego z adresów connect_return_urls",
        "return_to_not_allowed",
      );
    }
    const state = randomBytes(32).toString("base64url");
    await this.createConnectRequests({
      state_hash: sha256(state),
      return_to: target,
      expires_at: new Date(Date.now() + CONNECT_REQUEST_TTL_MS),
    });
    return { state };
  }

  /**
   * The service's authorization page for a kept connect request's `state`,
   * its login and consent pages asked for `uiLocales` ("pl", "en").
   */
  authorizationUrl(state: string, uiLocales?: string): { authorization_url: string } {
    const { url } = this.connection.oauth.authorizationUrl({ state, uiLocales });
    return { authorization_url: url };
  }

  /**
   * The callback of the connect flow: takes the request's state once (a
   * second use, or an expired or unknown state, is refused), exchanges the
   * code, stores the tokens, and answers where the browser goes next. When
   * the merchant denied access, nothing is stored and the return address
   * gets `connect_error`.
   */
  async completeConnect(query: Record<string, unknown>): Promise<{ return_to: string }> {
    const state = typeof query["state"] === "string" ? query["state"] : "";
    const request = state === "" ? undefined : await this.takeConnectRequest_(state);
    if (request === undefined) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        "state: unknown, expired or already used; start connecting again from the admin",
        "connect_state_invalid",
      );
    }
    const callback = new URL(connectRedirectUri(this.pluginOptions));
    for (const [name, value] of Object.entries(query)) {
      if (typeof value === "string") callback.searchParams.set(name, value);
    }
    const back = new URL(request.return_to);
    try {
      await this.connection.oauth.handleRedirect(callback, state);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      back.searchParams.set("connect_error", typeof code === "string" ? code : "connect_failed");
      return { return_to: back.toString() };
    }
    await this.linkAccount_("connected");
    // Tracking pushes now come to this store. Best effort: a failure is
    // remembered and the reconcile job takes over later, reading tracking
    // itself meanwhile.
    await this.registerTrackingWebhook({ replace: true }).catch((error: unknown) => {
      this.logger_?.warn(
        `shipbridge: the tracking webhook was not registered; the reconcile job tries again (${errorText(error)})`,
      );
    });
    return { return_to: back.toString() };
  }

  /**
   * Points the account's tracking pushes at this store
   * (`{backend_url}/hooks/shipbridge/tracking`, signed with
   * trackingWebhookSecret). The service keeps one webhook per account: with
   * `replace` (the merchant has just connected this store) it is taken over.
   * Without (the reconcile job), it is set when the account has none, when
   * it is this store's (to keep the secret current), when it is the address
   * this store registered last (its backend moved), or when a takeover asked
   * at connecting failed; any other address is left alone. With
   * `onlyWhenNone` (a process starting, which may be a `db:migrate` or
   * `exec` container with another backend_url), only when the account has
   * none or a takeover is pending: an existing webhook is never replaced
   * (`registered` when it is this address, else `elsewhere`). Errors reach
   * the caller; a failed takeover is remembered for the next call.
   */
  async registerTrackingWebhook(
    options: { replace?: boolean; onlyWhenNone?: boolean } = {},
  ): Promise<TrackingWebhookResult> {
    const secret = this.pluginOptions.trackingWebhookSecret;
    if (secret === undefined) return "no_secret";
    const url = backendUrl(this.pluginOptions, TRACKING_WEBHOOK_PATH);
    const key = `${this.connectionKey}:tracking-webhook`;
    const { account } = this.connection.client;
    try {
      if (!options.replace) {
        const [link] = await this.listAccountLinks({ key });
        const current = await account.trackingWebhook().catch((error: unknown) => {
          if (isNotFoundError(error)) return undefined;
          throw error;
        });
        if (options.onlyWhenNone && current !== undefined && link?.state !== TAKEOVER_PENDING) {
          return current.url === url ? "registered" : "elsewhere";
        }
        const ours =
          current === undefined ||
          current.url === url ||
          current.url === link?.state ||
          link?.state === TAKEOVER_PENDING;
        if (!ours) return "elsewhere";
      }
      await account.setTrackingWebhook({
        url,
        secret,
        language: this.pluginOptions.language === "pl" ? "pl_PL" : "en_GB",
      });
    } catch (error) {
      if (options.replace) await this.setLink_(key, TAKEOVER_PENDING);
      throw error;
    }
    await this.setLink_(key, url);
    return "registered";
  }

  /** Deletes the request of a state and answers it, atomically: a state is used once. */
  /** Drops a pending connect request (a started connect undone); false when it was gone. */
  async forgetConnectRequest(state: string): Promise<boolean> {
    return (await this.takeConnectRequest_(state)) !== undefined;
  }

  /**
   * Forgets one kept tracking event (a push whose handling failed after it
   * was kept), so the service's retry of the push is handled again.
   */
  async forgetTrackingEvent(
    event: { package_id: number; state: string; datetime: string },
    previous?: { tracking_state: string | null; tracking_at: string | null },
  ): Promise<void> {
    const known = await this.listTrackingEvents(event, { select: ["id"] });
    if (known.length > 0) await this.deleteTrackingEvents(known.map((row) => row.id));
    if (previous === undefined) return;
    // The shipment's tracking back as it was, unless a later event moved it since.
    const [shipment] = await this.listShipments({ package_id: event.package_id });
    if (shipment?.tracking_state === event.state && shipment.tracking_at === event.datetime) {
      await this.updateShipments({ id: shipment.id, ...previous });
    }
  }

  protected async takeConnectRequest_(state: string): Promise<{ return_to: string } | undefined> {
    const repository = (this as unknown as { baseRepository_: { getFreshManager(): RawManager } })
      .baseRepository_;
    const rows = await repository
      .getFreshManager()
      .execute(
        `delete from "shipbridge_connect_request" where "state_hash" = ? and "deleted_at" is null returning "return_to", "expires_at"`,
        [sha256(state)],
      );
    const row = rows[0];
    if (row === undefined) return undefined;
    if (new Date(String(row["expires_at"])).getTime() < Date.now()) return undefined;
    return { return_to: String(row["return_to"]) };
  }

  /**
   * The label of a fulfillment's package, as the service renders it (a PDF by
   * default). When the service has none (the package was cancelled, or not
   * ordered), its reason is refused with a 4xx and the service's code.
   */
  async labelOf(
    fulfillmentId: string,
    language?: Language,
    /** The fulfillment as Medusa keeps it, for a shipment not recorded yet. */
    fulfillment?: ShippedFulfillment,
  ): Promise<{ bytes: Uint8Array; contentType: string }> {
    const [row] = await this.listShipments({ fulfillment_id: fulfillmentId });
    const given = fulfillment?.id === fulfillmentId ? fulfillment.data?.["package_id"] : undefined;
    const shipment = row ?? (typeof given === "number" ? { package_id: given } : undefined);
    if (shipment === undefined) {
      throw new MedusaError(
        MedusaError.Types.NOT_FOUND,
        `Fulfillment ${fulfillmentId} has no shipment of this plugin`,
        "shipment_not_found",
      );
    }
    const lang = language ?? coreLanguage(this.pluginOptions.language);
    try {
      const label = await this.connection.client.packages.label(
        shipment.package_id,
        {},
        { language: lang },
      );
      return { bytes: label.bytes, contentType: label.contentType };
    } catch (error) {
      throw asMedusaError(error, lang, `The label of fulfillment ${fulfillmentId}`);
    }
  }

  /**
   * Pickup points of a carrier near an address, nearest first, for a checkout
   * map: only those checkout accepts (not inactive, on holiday, or without
   * an open day).
   */
  async pickupPoints(query: PickupPointQuery): Promise<Point[]> {
    // The carriers offered are the merchant's settings when saved.
    const offered = (await settingsInForce(this)).services.find(
      (s) => s.service === query.service && s.pickup_point,
    );
    if (offered === undefined) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `"${query.service}" is not a pickup-point service of this store`,
        "service_not_offered",
      );
    }
    const language = query.language ?? coreLanguage(this.pluginOptions.language);
    if (query.postcode === undefined && query.city === undefined) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        refusalMessage("postcode_or_city_required", language, {}),
        "postcode_or_city_required",
      );
    }
    const points = await this.pointsNear_(query, language).catch((error: unknown) => {
      // The service's request names the route's parameters under location.address.
      if (isValidationError(error)) {
        const issues = error.issues.map((issue) => ({
          ...issue,
          path: issue.path.replace(/^location\.address\./, ""),
        }));
        throw asMedusaError(new ValidationError(issues, language), language);
      }
      throw asMedusaError(error, language);
    });
    // Only the points checkout would accept (the same closure rule), and, for
    // a point looked up by its code, only one of the carrier asked for.
    return points.filter(
      (point) =>
        pointClosure(point) === undefined &&
        (query.point_id === undefined || point.service === query.service),
    );
  }

  protected async pointsNear_(query: PickupPointQuery, language: Language): Promise<Point[]> {
    const { points } = await this.connection.client.points.map(
      {
        location: {
          address: {
            ...(query.postcode === undefined ? {} : { postcode: query.postcode }),
            ...(query.city === undefined ? {} : { city: query.city }),
            country_code: (query.country_code ?? "PL").toUpperCase(),
          },
        },
        filters: {
          services: [query.service],
          ...(query.point_id === undefined ? {} : { point_id: query.point_id }),
        },
        limit: Math.min(Math.max(query.limit ?? 20, 1), 100),
      },
      { language },
    );
    return points;
  }
}
