// Turns a request body into a package the sandbox can store, through
// @shipbridge/core's validatePackage (the one source of every rule: shapes,
// unknown fields, the postal own-contract rule by the sandbox clock, the
// v1.0.109 express default, digital_label coercion, renamed flags). The
// sandbox adds only what it alone knows: which of the account's services the
// package names. A package that names its carrier by `service` alone (no
// service_id) ships on the broker's contract here (findAccountService), so
// core is told its contract ("furgonetka") rather than left to guess it from
// an account that has the postal carrier on both kinds of contract; a
// service_id is resolved by core through the account services. The points
// the package names are checked against their state now (`points`, see
// points/point-availability.ts), and their problems are reported with
// core's, all in one 400.
import { type Language, validatePackage } from "@shipbridge/core";
import type { PackageOperation } from "@shipbridge/core/internal";
import { packageV1ToV2 } from "@shipbridge/core/schemas";
import { type AccountService, findAccountService } from "../account/account-services.ts";
import type { ApiVersion } from "../http/negotiation.ts";
import { RestError, type RestErrorEntry } from "../http/rest-error.ts";
import { ruleEntry } from "../http/rule-message.ts";
import { validationError } from "../http/validated-input.ts";
import type { PointProblem } from "../points/point-availability.ts";
import { ALLOWED_COUNTRIES } from "../reference/allowed-countries.ts";
import type { PackageData } from "./stored-package.ts";

export interface CheckedPackage {
  readonly data: PackageData;
  readonly service: AccountService;
  readonly warnings: RestErrorEntry[];
}

interface Issue {
  readonly path: string;
  readonly rule: string;
  readonly message: string;
}

function entries(issues: readonly Issue[]): RestErrorEntry[] {
  return issues.map((i) => ({ path: i.path, rule: i.rule, message: i.message }));
}

/** The v2 shape: v1 packages carry `type` on the package, v2 on each parcel. */
function toV2(value: unknown, version: ApiVersion): PackageData {
  if (version === 1)
    return packageV1ToV2(value as Parameters<typeof packageV1ToV2>[0]) as unknown as PackageData;
  return value as PackageData;
}

/** The service a body names, as far as its shape can tell (for a body core refused). */
function selectorOf(body: unknown): { service?: string; service_id?: number } {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return {};
  const { service, service_id } = body as Record<string, unknown>;
  return {
    ...(typeof service === "string" ? { service } : {}),
    ...(typeof service_id === "number" ? { service_id } : {}),
  };
}

/** A body that names its carrier by `service` and gives no service_id. */
function namesCarrierOnly(body: unknown): boolean {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return false;
  const fields = body as Record<string, unknown>;
  return typeof fields["service"] === "string" && fields["service_id"] === undefined;
}

export function checkPackage(
  body: unknown,
  options: {
    version: ApiVersion;
    operation: PackageOperation;
    now: Date;
    language: Language;
    services: readonly AccountService[];
    /** The problems of the package's points for its carrier; none are checked without it. */
    points?: (pkg: unknown, carrier: string | undefined) => readonly PointProblem[];
  },
): CheckedPackage {
  /** The point problems at paths core did not already find a problem at, rendered. */
  const pointEntries = (carrier: string | undefined, taken: readonly RestErrorEntry[]) =>
    (options.points?.(body, carrier) ?? [])
      .filter((problem) => !taken.some((entry) => entry.path === problem.field))
      .map((problem) =>
        ruleEntry(problem.field, "point_unavailable", problem.params, options.language),
      );
  const result = validatePackage(body, {
    version: options.version,
    operation: options.operation,
    clock: () => options.now,
    language: options.language,
    accountServices: options.services,
    countries: ALLOWED_COUNTRIES,
    ...(namesCarrierOnly(body) ? { contract: "furgonetka" as const } : {}),
  });
  if (!result.ok) {
    const found = entries(result.error.issues);
    const carrier = findAccountService(options.services, selectorOf(body))?.service;
    throw validationError([...found, ...pointEntries(carrier, found)]);
  }
  const data = toV2(result.value, options.version);
  const service = findAccountService(options.services, data);
  if (!service) {
    const byId = data.service_id !== undefined;
    throw validationError([
      byId
        ? ruleEntry(
            "service_id",
            "service_unavailable",
            { service_id: String(data.service_id) },
            options.language,
          )
        : ruleEntry(
            "service",
            "service_unavailable",
            { carrier: String(data.service) },
            options.language,
          ),
      ...pointEntries(undefined, []),
    ]);
  }
  const points = pointEntries(service.service, []);
  if (points.length > 0) throw validationError(points);
  const expressDefault = result.warnings.some((w) => w.rule === "postal_express_default");
  return {
    data: expressDefault ? withExpressService(data) : data,
    service,
    warnings: entries(result.warnings),
  };
}

/**
 * v1.0.109: an own-contract postal package without a postal service "is
 * created with the express parcel service", so it is stored, priced and named
 * with poczta_ekspres24 (core's postal_express_default warning says so).
 */
function withExpressService(data: PackageData): PackageData {
  return {
    ...data,
    additional_services: { ...data.additional_services, poczta_ekspres24: true },
  };
}

export function packageNotFound(id: string | number): RestError {
  return new RestError(404, "package_not_found", {
    en_GB: `There is no package ${id} on this account.`,
    pl_PL: `Na tym koncie nie ma przesyłki ${id}.`,
  });
}
