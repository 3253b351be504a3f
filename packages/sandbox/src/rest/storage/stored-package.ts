// A package as the sandbox stores it: the validated, normalized request in
// the v2 shape (type on every parcel), plus what the sandbox adds over its
// life: the resolved service and contract, the order and cancel commands,
// the tracking numbers. Reads and writes of the rest_packages table, and the
// 404 of a package that is not on the account.
import type { SandboxDatabase } from "../../state/database.ts";
import type { ServiceContract } from "../account/account-services.ts";
import { RestError } from "../http/rest-error.ts";

export interface ParcelData {
  readonly width: number;
  readonly depth: number;
  readonly height: number;
  readonly weight: number;
  readonly type: string;
  readonly quantity?: number | undefined;
  readonly value?: number | undefined;
  readonly description?: string | undefined;
}

/** The normalized package (v2 shape). Fields the sandbox does not read pass through. */
export interface PackageData {
  readonly service?: string | undefined;
  readonly service_id?: number | undefined;
  readonly parcels: readonly ParcelData[];
  readonly additional_services?: Readonly<Record<string, unknown>> | undefined;
  readonly user_reference_number?: string | undefined;
  readonly receiver?: Readonly<Record<string, unknown>> | undefined;
  readonly [key: string]: unknown;
}

export interface StoredPackage {
  readonly id: number;
  readonly account: string;
  readonly data: PackageData;
  readonly service: string;
  readonly serviceId: number | null;
  readonly serviceContract: ServiceContract;
  readonly createdAt: number;
  readonly updatedAt: number;
  /** The order command that took the package; set as soon as the command is accepted. */
  readonly orderCommand: string | null;
  /** When the order completed (the command's end); the tracking timeline starts here. */
  readonly orderedAt: number | null;
  readonly labelFileFormat: string | null;
  readonly labelPageFormat: string | null;
  readonly cancelCommand: string | null;
  /** When the cancellation completed. */
  readonly canceledAt: number | null;
  /** One tracking number per parcel, once ordered. */
  readonly parcelNumbers: readonly string[];
  /** The courier pickup ordered for the package (PUT /pickup-commands/{uuid}). */
  readonly pickupCommand: string | null;
  readonly pickupNumber: string | null;
  readonly pickupDate: PickupWindow | null;
  /** Problem states put on the package's tracking by the test control, oldest first. */
  readonly trackingProblems: readonly TrackingProblem[];
}

/** A problem state on a package's tracking (POST /_sandbox/packages/{id}/tracking). */
export interface TrackingProblem {
  readonly state: "collect-problem" | "delivery-problem" | "returned";
  /** The merchant-facing text; null for the state's own description. */
  readonly description: string | null;
  readonly at: number;
}

/** A day and a time window for the courier ("YYYY-MM-DD", "HH:MM"). */
export interface PickupWindow {
  readonly date: string;
  readonly min_time: string;
  readonly max_time: string;
}

interface PackageRow {
  id: number;
  account: string;
  data: string;
  service: string;
  service_id: number | null;
  service_contract: string;
  created_at: number;
  updated_at: number;
  order_command: string | null;
  ordered_at: number | null;
  label_file_format: string | null;
  label_page_format: string | null;
  cancel_command: string | null;
  canceled_at: number | null;
  pickup_command: string | null;
  pickup_number: string | null;
  pickup_date: string | null;
}

export interface NewPackage {
  readonly account: string;
  readonly data: PackageData;
  readonly service: string;
  readonly serviceId: number | null;
  readonly serviceContract: ServiceContract;
  readonly now: number;
}

export class PackageStore {
  readonly #db: SandboxDatabase;

  constructor(db: SandboxDatabase) {
    this.#db = db;
  }

  insert(input: NewPackage): number {
    const result = this.#db.sql
      .prepare(
        `INSERT INTO rest_packages (account, data, service, service_id, service_contract, user_reference_number, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        input.account,
        JSON.stringify(input.data),
        input.service,
        input.serviceId,
        input.serviceContract,
        input.data.user_reference_number ?? null,
        input.now,
        input.now,
      );
    return Number(result.lastInsertRowid);
  }

  update(id: number, input: Omit<NewPackage, "account">): void {
    this.#db.sql
      .prepare(
        `UPDATE rest_packages SET data = ?, service = ?, service_id = ?, service_contract = ?, user_reference_number = ?, updated_at = ?
         WHERE id = ?`,
      )
      .run(
        JSON.stringify(input.data),
        input.service,
        input.serviceId,
        input.serviceContract,
        input.data.user_reference_number ?? null,
        input.now,
        id,
      );
  }

  /** The package if it belongs to `account`; another account's package is as good as absent. */
  find(account: string, id: number): StoredPackage | undefined {
    // An id beyond 2^53 was rounded when read: it names no package.
    if (!Number.isSafeInteger(id)) return undefined;
    const row = this.#db.sql
      .prepare("SELECT * FROM rest_packages WHERE id = ? AND account = ?")
      .get(id, account) as PackageRow | undefined;
    return row ? this.#fromRow(row) : undefined;
  }

  list(
    account: string,
    filter: { userReferenceNumber?: string | undefined; limit: number; offset: number },
  ): StoredPackage[] {
    const rows = (filter.userReferenceNumber === undefined
      ? this.#db.sql
          .prepare("SELECT * FROM rest_packages WHERE account = ? ORDER BY id LIMIT ? OFFSET ?")
          .all(account, filter.limit, filter.offset)
      : this.#db.sql
          .prepare(
            "SELECT * FROM rest_packages WHERE account = ? AND user_reference_number = ? ORDER BY id LIMIT ? OFFSET ?",
          )
          .all(
            account,
            filter.userReferenceNumber,
            filter.limit,
            filter.offset,
          )) as unknown as PackageRow[];
    return rows.map((row) => this.#fromRow(row));
  }

  /** Every ordered package (of every account), for tracking pushes. */
  listOrdered(): StoredPackage[] {
    const rows = this.#db.sql
      .prepare("SELECT * FROM rest_packages WHERE ordered_at IS NOT NULL ORDER BY id")
      .all() as unknown as PackageRow[];
    return rows.map((row) => this.#fromRow(row));
  }

  markOrdered(
    id: number,
    order: {
      command: string;
      orderedAt: number;
      fileFormat: string;
      pageFormat: string;
      numbers: readonly string[];
    },
  ): void {
    this.#db.sql
      .prepare(
        "UPDATE rest_packages SET order_command = ?, ordered_at = ?, label_file_format = ?, label_page_format = ? WHERE id = ?",
      )
      .run(order.command, order.orderedAt, order.fileFormat, order.pageFormat, id);
    const insert = this.#db.sql.prepare(
      "INSERT INTO rest_parcel_numbers (package_id, parcel_index, package_no) VALUES (?, ?, ?)",
    );
    for (const [index, no] of order.numbers.entries()) insert.run(id, index, no);
  }

  markCanceled(id: number, cancel: { command: string; canceledAt: number }): void {
    this.#db.sql
      .prepare("UPDATE rest_packages SET cancel_command = ?, canceled_at = ? WHERE id = ?")
      .run(cancel.command, cancel.canceledAt, id);
  }

  markPickup(id: number, pickup: { command: string; number: string; date: PickupWindow }): void {
    this.#db.sql
      .prepare(
        "UPDATE rest_packages SET pickup_command = ?, pickup_number = ?, pickup_date = ? WHERE id = ?",
      )
      .run(pickup.command, pickup.number, JSON.stringify(pickup.date), id);
  }

  /** Frees the packages of a cancelled pickup command: they have no pickup and can get a new one. */
  clearPickup(command: string): void {
    this.#db.sql
      .prepare(
        "UPDATE rest_packages SET pickup_command = NULL, pickup_number = NULL, pickup_date = NULL WHERE pickup_command = ?",
      )
      .run(command);
  }

  /** Appends a problem state to the package's tracking. */
  addTrackingProblem(id: number, problem: TrackingProblem): void {
    this.#db.sql
      .prepare(
        "INSERT INTO rest_tracking_problems (package_id, state, description, at) VALUES (?, ?, ?, ?)",
      )
      .run(id, problem.state, problem.description, problem.at);
  }

  /** The package of any account, by its id (ids are unique across accounts). */
  findAnyAccount(id: number): StoredPackage | undefined {
    const row = this.#db.sql.prepare("SELECT * FROM rest_packages WHERE id = ?").get(id) as
      | PackageRow
      | undefined;
    return row ? this.#fromRow(row) : undefined;
  }

  /** The package (of any account) that carries a tracking number. */
  findByNumber(packageNo: string): StoredPackage | undefined {
    const row = this.#db.sql
      .prepare(
        "SELECT p.* FROM rest_packages p JOIN rest_parcel_numbers n ON n.package_id = p.id WHERE n.package_no = ?",
      )
      .get(packageNo) as PackageRow | undefined;
    return row ? this.#fromRow(row) : undefined;
  }

  #fromRow(row: PackageRow): StoredPackage {
    const numbers = this.#db.sql
      .prepare(
        "SELECT package_no FROM rest_parcel_numbers WHERE package_id = ? ORDER BY parcel_index",
      )
      .all(row.id) as Array<{ package_no: string }>;
    const problems = this.#db.sql
      .prepare(
        "SELECT state, description, at FROM rest_tracking_problems WHERE package_id = ? ORDER BY at, id",
      )
      .all(row.id) as unknown as TrackingProblem[];
    return {
      id: row.id,
      account: row.account,
      data: JSON.parse(row.data) as PackageData,
      service: row.service,
      serviceId: row.service_id,
      serviceContract: row.service_contract as ServiceContract,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      orderCommand: row.order_command,
      orderedAt: row.ordered_at,
      labelFileFormat: row.label_file_format,
      labelPageFormat: row.label_page_format,
      cancelCommand: row.cancel_command,
      canceledAt: row.canceled_at,
      parcelNumbers: numbers.map((n) => n.package_no),
      pickupCommand: row.pickup_command,
      pickupNumber: row.pickup_number,
      pickupDate: row.pickup_date === null ? null : (JSON.parse(row.pickup_date) as PickupWindow),
      trackingProblems: problems.map((p) => ({
        state: p.state,
        description: p.description,
        at: p.at,
      })),
    };
  }
}

/** The 404 for a package id that is not on the account. */
/** The point where the sender hands the package in (pickup.point), if it is handed in at one. */
export function dropOffPoint(pkg: StoredPackage): string | undefined {
  const pickup = pkg.data["pickup"];
  if (typeof pickup !== "object" || pickup === null) return undefined;
  const point = (pickup as Record<string, unknown>)["point"];
  return typeof point === "string" && point !== "" ? point : undefined;
}

export function packageNotFound(id: string | number): RestError {
  return new RestError(404, "package_not_found", {
    en_GB: `There is no package ${id} on this account.`,
    pl_PL: `Na tym koncie nie ma przesyłki ${id}.`,
  });
}
