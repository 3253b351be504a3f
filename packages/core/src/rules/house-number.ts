// A courier finds a door by its house number: a street without one
// ("Marszałkowska") cannot be delivered to or collected from, and the parcel
// is paid for and comes back. The street must hold a number: "Marszałkowska 1",
// "Długa 5/7", "Hauptstr. 12a", "12 Baker Street", a village's "Wólka 12".
//
// A digit alone is not a house number. The street line is read without:
// - a date that names the street ("ul. 3 Maja", "ul. 11 Listopada",
//   "Rue du 8 Mai 1945", "Calle 2 de Mayo", "náměstí 28. října",
//   "Október 6. utca"): a day and a month name in the languages of the
//   countries served, with an optional year;
// - an anniversary ("os. 1000-lecia");
// - a flat, floor or door note ("m. 3", "lok. 2", "piętro 2", "2 piętro",
//   "apt 4", "Flat 2", "Top 5", "3rd floor"), which says where behind the
//   door, not which door.
// What is left must still hold a digit. The mapping joins the store's two
// street lines into one (toPackage), so "Wola" with "12" in street2 is
// "Wola 12" and passes, and "Marszałkowska" with "m. 3" is refused.
//
// Scope (decided from the spec's address roles, see the core README):
// - receiver: when the parcel goes to the door, that is without a `point`
//   (a locker or pickup point is found by its code, not its street);
// - pickup: when the courier collects there, that is without a `point` (a
//   `point` on pickup is where the sender hands the parcel in);
// - sender: only the label's return address, never visited for this
//   shipment, so not checked on its own. When the mapping uses the sender as
//   the pickup (no separate pickup), the pickup check covers it and names
//   the sender's field.
// - Ireland, the United Kingdom and Malta are exempt: many of their doors
//   have a house name instead of a number ("Rose Cottage, Main Street"), and
//   the Eircode (IE) or the full postcode (GB, MT) already finds the door.
import type { IssueCollector } from "../issues/issue-collector.ts";
import { joinPath } from "../issues/path.ts";
import { RULE_CODES } from "../issues/rule-codes.ts";
import type { Draft } from "./draft.ts";

/** Countries where a house name may stand for a number. */
export const HOUSE_NAME_COUNTRIES: readonly string[] = Object.freeze(["GB", "IE", "MT"]);

const DIGIT = /\p{Nd}/u;

/**
 * Month names as street names carry them (a day before them), in the
 * languages of the countries served: Polish, German, French, Italian,
 * Spanish, Portuguese, Czech, Slovak, Hungarian, Romanian, Croatian,
 * Slovenian, Dutch, Lithuanian, Latvian and English.
 */
// biome-ignore format: one language per line reads better
const MONTHS = [
  "stycznia", "lutego", "marca", "kwietnia", "maja", "czerwca", "lipca", "sierpnia", "września", "października", "listopada", "grudnia",
  "januar", "jänner", "februar", "märz", "april", "mai", "juni", "juli", "august", "september", "oktober", "november", "dezember",
  "janvier", "février", "mars", "avril", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre",
  "gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre", "ottobre", "dicembre",
  "enero", "febrero", "abril", "mayo", "junio", "julio", "setiembre", "septiembre", "octubre", "noviembre", "diciembre",
  "janeiro", "fevereiro", "março", "maio", "junho", "julho", "setembro", "outubro", "novembro", "dezembro",
  "ledna", "února", "března", "dubna", "května", "června", "července", "srpna", "září", "října", "listopadu", "prosince",
  "januára", "februára", "apríla", "mája", "júna", "júla", "augusta", "septembra", "októbra", "novembra", "decembra",
  "január", "február", "március", "április", "május", "június", "július", "augusztus", "szeptember", "október",
  "ianuarie", "februarie", "martie", "aprilie", "iunie", "iulie", "septembrie", "octombrie", "noiembrie", "decembrie",
  "siječnja", "veljače", "ožujka", "travnja", "svibnja", "lipnja", "srpnja", "kolovoza", "rujna", "studenoga", "prosinca",
  "januarja", "februarja", "marca", "aprila", "maja", "junija", "julija", "avgusta", "septembra", "oktobra", "novembra", "decembra",
  "januari", "februari", "maart", "mei", "augustus",
  "sausio", "vasario", "kovo", "balandžio", "gegužės", "birželio", "liepos", "rugpjūčio", "rugsėjo", "spalio", "lapkričio", "gruodžio",
  "janvāra", "februāra", "marta", "aprīļa", "maija", "jūnija", "jūlija", "augusta", "septembra", "oktobra", "novembra", "decembra",
  "january", "february", "march", "june", "july", "october", "december",
].join("|");

const NOT_LETTER_BEFORE = "(?<![\\p{L}\\p{Nd}])";
const NOT_LETTER_AFTER = "(?![\\p{L}\\p{Nd}])";

/** "3 Maja", "8 Mai 1945", "2 de Mayo", "28. října", "25 de Abril de 1974" (a year of 1800 to 2099). */
const DAY_MONTH = new RegExp(
  `${NOT_LETTER_BEFORE}\\d{1,2}\\.?\\s*(?:de\\s+)?(?:${MONTHS})(?:\\s+(?:de\\s+)?(?:1[89]|20)\\d{2})?${NOT_LETTER_AFTER}`,
  "giu",
);
/** "Október 6.", "Március 15." (Hungarian: the month first, the day with a dot). */
const MONTH_DAY = new RegExp(`${NOT_LETTER_BEFORE}(?:${MONTHS})\\s+\\d{1,2}\\.(?!\\d)`, "giu");
/** "1000-lecia", "600-lecia" (an anniversary). */
const ANNIVERSARY = new RegExp(`${NOT_LETTER_BEFORE}\\d+\\s*-?\\s*lecia${NOT_LETTER_AFTER}`, "giu");
/** A flat, floor or door note: a word for it, then its number ("m. 3", "lok. 2", "apt 4", "#4"). */
// biome-ignore format: a list of words
const NOTE_WORDS = [
  "m", "lok", "lokal", "lokalu", "mieszk", "mieszkanie", "mieszkania", "piętro", "pietro", "p",
  "apt", "appt", "apartment", "app", "appartement", "flat", "suite", "ste", "unit", "floor", "fl", "room",
  "whg", "wohnung", "etage", "étage", "stock", "og", "top", "tür", "byt", "ap", "apto", "piso", "interno", "int",
  "klatka", "kl", "pok", "pokój", "skrytka", "box",
].join("|");
const NOTE_BEFORE = new RegExp(
  `(?:${NOT_LETTER_BEFORE}(?:${NOTE_WORDS})\\.?|#)\\s*(?:nr\\.?\\s*)?\\d+\\p{L}?${NOT_LETTER_AFTER}`,
  "giu",
);
/** A floor written number first: "2 piętro", "3rd floor", "2. OG", "1er étage". */
const NOTE_AFTER = new RegExp(
  `${NOT_LETTER_BEFORE}\\d+(?:st|nd|rd|th|er|e|\\.)?\\s*(?:piętro|pietro|p\\.|floor|fl\\.?|etage|étage|stock|og|piso)${NOT_LETTER_AFTER}`,
  "giu",
);

/**
 * The street line without what holds digits but is not a house number: a
 * date or an anniversary naming the street, and flat, floor or door notes.
 */
export function withoutNonHouseNumbers(street: string): string {
  return street
    .replace(DAY_MONTH, " ")
    .replace(MONTH_DAY, " ")
    .replace(ANNIVERSARY, " ")
    .replace(NOTE_AFTER, " ")
    .replace(NOTE_BEFORE, " ");
}

/**
 * True when the street line holds a house number: a digit that is not part
 * of a date or an anniversary naming the street, nor of a flat or floor note.
 */
export function hasHouseNumber(street: string): boolean {
  return DIGIT.test(withoutNonHouseNumbers(street));
}

/** True when a courier must find this address's door: no point is given. */
export function isDoorAddress(address: Draft): boolean {
  const point = address["point"];
  return typeof point !== "string" || point.trim() === "";
}

/**
 * Reports an address draft whose street has no house number, when the courier
 * must find its door. An empty street is left to the schema.
 */
export function checkHouseNumber(address: Draft, path: string, findings: IssueCollector): void {
  const street = address["street"];
  if (typeof street !== "string" || street.trim() === "" || !isDoorAddress(address)) return;
  const country = address["country_code"];
  if (typeof country === "string" && HOUSE_NAME_COUNTRIES.includes(country)) return;
  if (!hasHouseNumber(street)) {
    findings.error(joinPath(path, "street"), RULE_CODES.house_number_missing, { street });
  }
}
