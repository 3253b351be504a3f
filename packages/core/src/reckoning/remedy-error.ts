// The error of applyRemedy when it refuses to cancel the package a remedy
// names. A remedy is data that travels (a form field, a queued job, a row
// drawn an hour ago), so before cancelling anything applyRemedy checks it
// against the service and the store again; when the remedy is not for one
// of the caller's stores, does not match its package, no longer holds, or
// the service no longer offers to cancel the package, nothing is cancelled
// and this error says why, in English or Polish. Invalid arguments raise
// ValidationError instead, and transport failures the REST client's ApiError
// classes.
import { isShipbridgeError, ShipbridgeError } from "../errors/shipbridge-error.ts";
import { DEFAULT_LANGUAGE, type Language } from "../issues/language.ts";

/** Stable codes of RemedyError. */
export const REMEDY_ERROR_CODES = {
  /** The remedy's store is not among `options.storeIds`, or `orders` says the order is not this store's. */
  remedy_not_allowed: "remedy_not_allowed",
  /** The package's reference names another store or order, or the remedy's commandId is not its own: the remedy was altered. */
  remedy_mismatch: "remedy_mismatch",
  /** What the remedy answers no longer holds (the order's other package was cancelled, the store's order changed, the package is not paid). */
  remedy_outdated: "remedy_outdated",
  /** The service no longer offers to cancel the package (the courier collected it, or a cancellation is under way). */
  remedy_not_cancellable: "remedy_not_cancellable",
} as const;
export type RemedyErrorCode = (typeof REMEDY_ERROR_CODES)[keyof typeof REMEDY_ERROR_CODES];

export interface RemedyErrorDetails {
  readonly packageId: number;
  /** The store and order the remedy names. */
  readonly storeId: string;
  readonly orderId: string;
}

/** What is wrong, for the message: the code and, where it helps, the particular reason. */
export type RemedyProblem =
  | { readonly code: "remedy_not_allowed"; readonly why: "store" | "order" }
  | {
      readonly code: "remedy_mismatch";
      readonly why: "reference" | "command";
      /** The reference the package has. */
      readonly reference?: string | null;
    }
  | {
      readonly code: "remedy_outdated";
      readonly why: "not_paid" | "no_earlier_package" | "order_status";
      /** How the store sees the order now. */
      readonly status?: string;
    }
  | { readonly code: "remedy_not_cancellable"; readonly state?: string | null };

function message(problem: RemedyProblem, details: RemedyErrorDetails, language: Language): string {
  const { packageId, storeId, orderId } = details;
  const order = `${storeId}:${orderId}`;
  const pl = language === "pl_PL";
  switch (problem.code) {
    case "remedy_not_allowed":
      if (problem.why === "store") {
        return pl
          ? `Nie anulowano paczki ${packageId}: środek zaradczy dotyczy sklepu ${JSON.stringify(storeId)}, którego nie ma w options.storeIds.`
          : `Package ${packageId} was not cancelled: the remedy is for store ${JSON.stringify(storeId)}, which is not among options.storeIds.`;
      }
      return pl
        ? `Nie anulowano paczki ${packageId}: według options.orders zamówienie ${order} nie należy do tego sklepu.`
        : `Package ${packageId} was not cancelled: options.orders says order ${order} is not this store's.`;
    case "remedy_mismatch":
      if (problem.why === "command") {
        return pl
          ? `Nie anulowano paczki ${packageId}: commandId środka zaradczego nie jest tym, który wyznacza uzgodnienie dnia; środek został zmieniony.`
          : `Package ${packageId} was not cancelled: the remedy's commandId is not the one the reckoning derives; the remedy was altered.`;
      }
      return pl
        ? `Nie anulowano paczki ${packageId}: jej numer referencyjny (${JSON.stringify(problem.reference ?? null)}) nie wskazuje zamówienia ${order}, którego dotyczy środek zaradczy.`
        : `Package ${packageId} was not cancelled: its reference (${JSON.stringify(problem.reference ?? null)}) does not name order ${order}, which the remedy is for.`;
    case "remedy_outdated":
      if (problem.why === "not_paid") {
        return pl
          ? `Nie anulowano paczki ${packageId}: nie jest opłacona.`
          : `Package ${packageId} was not cancelled: it is not paid.`;
      }
      if (problem.why === "no_earlier_package") {
        return pl
          ? `Nie anulowano paczki ${packageId}: zamówienie ${order} nie ma już innej opłaconej paczki, więc ta jest jego jedyną przesyłką. Uzgodnij dzień ponownie.`
          : `Package ${packageId} was not cancelled: order ${order} has no other paid package any more, so this one is its only shipment. Reckon the day again.`;
      }
      return pl
        ? `Nie anulowano paczki ${packageId}: sklep widzi teraz zamówienie ${order} jako ${JSON.stringify(problem.status ?? null)}, więc środek zaradczy jest nieaktualny. Uzgodnij dzień ponownie.`
        : `Package ${packageId} was not cancelled: the store now sees order ${order} as ${JSON.stringify(problem.status ?? null)}, so the remedy no longer holds. Reckon the day again.`;
    case "remedy_not_cancellable":
      return pl
        ? `Nie anulowano paczki ${packageId}: serwis nie pozwala jej teraz anulować (stan ${JSON.stringify(problem.state ?? null)}: kurier ją odebrał albo trwa już jej anulowanie).`
        : `Package ${packageId} was not cancelled: the service does not offer to cancel it now (state ${JSON.stringify(problem.state ?? null)}: the courier has collected it, or its cancellation is under way).`;
  }
}

export class RemedyError extends ShipbridgeError {
  readonly packageId: number;
  readonly storeId: string;
  readonly orderId: string;

  constructor(
    problem: RemedyProblem,
    details: RemedyErrorDetails,
    language: Language = DEFAULT_LANGUAGE,
  ) {
    super(problem.code, message(problem, details, language));
    this.packageId = details.packageId;
    this.storeId = details.storeId;
    this.orderId = details.orderId;
  }
}

/** True for a RemedyError, even one from another copy of this package. */
export function isRemedyError(value: unknown): value is RemedyError {
  return (
    isShipbridgeError(value) &&
    (Object.values(REMEDY_ERROR_CODES) as string[]).includes(value.code) &&
    "packageId" in value &&
    "storeId" in value
  );
}
