// The names of the plugin's fulfilment options, as the store's admin and
// checkouts show them: the merchant's "name at checkout" when given, else
// core's name of that way of delivery in the plugin's language ("Kurier
// DPD", "Paczkomat InPost"), never the carrier's code; a return option
// adds "(zwrot)" / "(return)".
import { deliveryName, type Language } from "@shipbridge/core";

export interface NamedService {
  readonly service: string;
  readonly name?: string | undefined;
  readonly pickup_point?: boolean | undefined;
}

/** The name shoppers see for a carrier's option. */
export function optionName(offered: NamedService, language: Language): string {
  return offered.name ?? deliveryName(offered.service, offered.pickup_point ? {} : null, language);
}

/** The name of the return option of a carrier's option named `name`. */
export function returnOptionName(name: string, language: Language): string {
  return `${name} (${language === "pl_PL" ? "zwrot" : "return"})`;
}
