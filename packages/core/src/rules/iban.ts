// IBAN checks for cash-on-delivery accounts: the ISO 13616 mod-97 checksum,
// a length of 28 for Polish IBANs, and a bare 26-digit Polish account number
// (NRB) read as PL followed by those digits.
const MAX_IBAN_INPUT = 64;
const IBAN_SHAPE = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/;
const NRB = /^\d{26}$/;
const POLISH_IBAN_LENGTH = 28;

/** The remainder of the IBAN (rearranged, letters as numbers) divided by 97. */
export function ibanMod97(iban: string): number {
  // The rearranged IBAN is iban[4..] followed by iban[0..4]; read it in place
  // (this runs for every COD package, so no copies and no string iterator).
  const length = iban.length;
  let remainder = 0;
  for (let step = 0; step < length; step++) {
    const code = iban.charCodeAt((step + 4) % length);
    const value = code >= 65 ? code - 55 : code - 48;
    remainder = value >= 10 ? (remainder * 100 + value) % 97 : (remainder * 10 + value) % 97;
  }
  return remainder;
}

/** The compact, upper-case IBAN, or undefined when the value is not a valid IBAN. */
export function normalizeIban(value: string): string | undefined {
  if (value.length > MAX_IBAN_INPUT) return undefined;
  let iban = value.replace(/[\s-]/g, "").toUpperCase();
  if (NRB.test(iban)) iban = `PL${iban}`;
  if (!IBAN_SHAPE.test(iban)) return undefined;
  if (iban.startsWith("PL") && iban.length !== POLISH_IBAN_LENGTH) return undefined;
  return ibanMod97(iban) === 1 ? iban : undefined;
}

/** True for a valid IBAN or Polish NRB. */
export function isValidIban(value: string): boolean {
  return normalizeIban(value) !== undefined;
}
