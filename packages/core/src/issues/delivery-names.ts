// What a customer reads for a way of delivery at checkout, in English or
// Polish: a carrier's courier ("Kurier DPD" / "DPD courier"; Poczta Polska's
// courier is its product "Pocztex"), an InPost locker ("Paczkomat InPost
// WAW01A") or another carrier's pickup point ("Punkt odbioru DPD PL123"),
// with the point's distance when known. One naming for every checkout.
import type { NameLanguage } from "./field-names.ts";
import { serviceName } from "./service-names.ts";

/** Carriers whose courier is sold under its own name. */
const COURIER_NAMES: Readonly<Record<string, string>> = {
  poczta: "Pocztex",
};

/** Carriers whose points are lockers, named by the carrier's word for them. */
const LOCKER_SERVICES = new Set(["inpost"]);

function isPolish(language: NameLanguage): boolean {
  return language === "pl" || language === "pl_PL";
}

/**
 * The name of a delivery by `service` to the customer's address (`point`
 * null) or to `point`, in `language`; `distanceKm` adds the point's distance
 * ("Paczkomat InPost WAW01A (0,3 km)"). A point with no code names the way
 * of delivery itself ("Paczkomat InPost", for a checkout option before a
 * point is chosen). Unknown services are named by their code, as
 * `serviceName` does.
 */
export function deliveryName(
  service: string,
  point: { readonly code?: string } | null,
  language: NameLanguage,
  options: { readonly distanceKm?: number | null } = {},
): string {
  const code = service.trim().toLowerCase();
  const polish = isPolish(language);
  if (point === null) {
    const courier = COURIER_NAMES[code] ?? serviceName(service);
    return polish ? `Kurier ${courier}` : `${courier} courier`;
  }
  const carrier = serviceName(service);
  const locker = LOCKER_SERVICES.has(code);
  const kind = polish
    ? `${locker ? "Paczkomat" : "Punkt odbioru"} ${carrier}`
    : `${carrier} ${locker ? "locker" : "pickup point"}`;
  if (point.code === undefined || point.code === "") return kind;
  const distance = options.distanceKm;
  const away =
    typeof distance === "number" && Number.isFinite(distance)
      ? ` (${new Intl.NumberFormat(polish ? "pl-PL" : "en-GB", {
          minimumFractionDigits: 1,
          maximumFractionDigits: 1,
        }).format(distance)} km)`
      : "";
  return `${kind} ${point.code}${away}`;
}
