// The carriers' names as people read them ("InPost", "Poczta Polska"), for
// the service codes the API speaks (`inpost`, `poczta`). One list for every
// screen, label and message that names a carrier.
import type { NameLanguage } from "./field-names.ts";

const SERVICE_NAMES: Readonly<Record<string, string>> = {
  inpost: "InPost",
  dpd: "DPD",
  dhl: "DHL",
  ups: "UPS",
  gls: "GLS",
  fedex: "FedEx",
  poczta: "Poczta Polska",
  orlen: "ORLEN Paczka",
  meest: "Meest",
  ambroexpress: "Ambro Express",
};

/**
 * The carrier's name for a service code (`serviceName("poczta")` is
 * "Poczta Polska"), in any case; an unknown code is answered as given. The
 * names are the carriers' brands, the same in English and Polish, so the
 * language is optional: it is taken so that callers need not care.
 */
export function serviceName(code: string, _language?: NameLanguage): string {
  return SERVICE_NAMES[code.trim().toLowerCase()] ?? code;
}
