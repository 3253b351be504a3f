// What a flagged row of the reckoning offers: the remedy (cancel the package
// and so get its price refunded) only when the service says the package can
// be cancelled (`cancel_available: true`); otherwise a note that says why
// not, in the caller's language:
// - the courier has collected it (a state past `ordered`): ask the service's
//   support about a refund;
// - not collected yet, yet the service offers no cancelling: a cancellation
//   is under way (the service allows one at a time); once it completes the
//   price is refunded and the package leaves the reckoning;
// - the service does not say (`cancel_available` missing): look again later.
import type { Language } from "../issues/language.ts";
import type { PackageDetailsV2 } from "../schemas/index.ts";
import type { CancelPackageRemedy, ReckoningFlag } from "./reckoning.ts";
import { remedyCommandId } from "./remedy-command-id.ts";
import type { StoreReference } from "./store-reference.ts";

/** States before the courier collects a package. */
const BEFORE_COLLECTION: readonly (string | null | undefined)[] = ["waiting", "ordered"];

const NOTES: Record<"collected" | "cancelling" | "unsaid", Record<Language, string>> = {
  collected: {
    en_GB:
      "The courier has collected this package, so it can no longer be cancelled; ask the service's support about a refund.",
    pl_PL:
      "Kurier odebrał tę paczkę, więc nie można jej już anulować; o zwrot zapytaj obsługę serwisu.",
  },
  cancelling: {
    en_GB:
      "A cancellation of this package is under way, so the service offers no other; once it completes, the price is refunded and the package leaves the reckoning.",
    pl_PL:
      "Trwa już anulowanie tej paczki, więc serwis nie pozwala na kolejne; gdy się zakończy, cena zostanie zwrócona, a paczka zniknie z uzgodnienia.",
  },
  unsaid: {
    en_GB:
      "The service does not say whether this package can be cancelled; reckon the day again later.",
    pl_PL: "Serwis nie podaje, czy tę paczkę można anulować; uzgodnij dzień ponownie później.",
  },
};

export function remedyOrNote(
  pkg: PackageDetailsV2,
  reference: StoreReference,
  reason: ReckoningFlag,
  language: Language = "en_GB",
): { readonly remedy: CancelPackageRemedy; readonly note?: never } | { readonly note: string } {
  if (pkg.cancel_available === true) {
    return {
      remedy: {
        action: "cancel_package",
        packageId: pkg.package_id,
        storeId: reference.storeId,
        orderId: reference.orderId,
        reason,
        commandId: remedyCommandId(pkg.package_id, reason),
      },
    };
  }
  if (pkg.cancel_available !== false) return { note: NOTES.unsaid[language] };
  const before = BEFORE_COLLECTION.includes(pkg.state);
  return { note: NOTES[before ? "cancelling" : "collected"][language] };
}
