// The spec table for shipments (POST /packages/validate, POST /packages,
// PUT /packages/{id}), written from the service's specification alone: each
// row cites its section, says what is sent and what the spec requires, either
// accepted (with the additional services as the service reads them) or
// refused (with the rule and the field's path). Rule codes are core's names
// for the spec's rules; the outcomes come from the spec's text. The address
// rows fill the spec's gap on the values of a shipment's fields (2.3: "allowed
// values: not shown") with what a carrier needs to reach an address: the
// national post's postcode form of each country the service serves, and a
// house number where a courier must find the door.
import { RULE_CODES, type RuleCode } from "@shipbridge/core";

/** Instants on either side of 2026-08-24, the date of the postal rule (7.2). */
export const BEFORE_POSTAL_RULE = "2026-08-20T10:00:00Z";
export const AFTER_POSTAL_RULE = "2026-08-25T10:00:00Z";

/**
 * Who carries the shipment: a courier on the platform's contract, the
 * national postal carrier by name (the platform's contract), or the postal
 * carrier on the account's own contract (by the service_id of that contract).
 */
export type Carrier = "courier" | "postal" | "own_postal";

export type Operation = "validate" | "create" | "update";

export interface Refusal {
  readonly rule: RuleCode;
  readonly path: string;
}

export type PackageOutcome =
  | {
      /** Accepted; the additional services as the service reads them (a subset; undefined = absent). */
      readonly accepted: true;
      readonly services?: Readonly<Record<string, unknown>>;
      /** What the created shipment carries beyond what was sent (a subset of its additional_services). */
      readonly created?: Readonly<Record<string, unknown>>;
    }
  | { readonly refused: Refusal };

export interface PackageCase {
  readonly section: string;
  readonly title: string;
  readonly version: 1 | 2;
  readonly carrier?: Carrier;
  /** Where the clock stands; after 2026-08-24 unless said. */
  readonly at?: "before" | "after";
  /** Where `type` goes: on the package (v1's place) or on each parcel (v2's place). */
  readonly typeOn?: "package" | "parcels";
  readonly additionalServices?: Readonly<Record<string, unknown>>;
  readonly expect: PackageOutcome;
  /** The operations the rule is stated for; all three unless said. */
  readonly operations?: readonly Operation[];
  /**
   * The rule is on the service's point data (a point's kind and state), which
   * core's offline validatePackage cannot know: it accepts the shipment, and
   * the service gives the row's outcome.
   */
  readonly pointData?: true;
  /** Fields changed in the demo shipment's addresses (a sender is the pickup's copy). */
  readonly addresses?: Readonly<Partial<Record<AddressRole, Readonly<Record<string, unknown>>>>>;
}

export type AddressRole = "receiver" | "sender" | "pickup";

const POSTAL_FORBIDDEN = [
  "rod",
  "guarantee_0800",
  "delivery_after_1700",
  "pickup_confirmation",
  "delivery_confirmation",
  "saturday_pickup",
  "check_content",
] as const;

const ACCEPTED = { accepted: true } as const;

export const PACKAGE_CASES: readonly PackageCase[] = [
  // 9.2: in v2, `type` moves from the shipment into each Parcel.
  { section: "9.2", title: "v2: type on each parcel", version: 2, expect: ACCEPTED },
  {
    section: "9.2",
    title: "v2: type on the shipment is not a v2 field",
    version: 2,
    typeOn: "package",
    expect: { refused: { rule: RULE_CODES.unknown_field, path: "type" } },
  },
  {
    section: "9.2",
    title: "v1: type on the shipment",
    version: 1,
    typeOn: "package",
    expect: ACCEPTED,
  },
  {
    section: "9.2",
    title: "v1: type on a parcel is not a v1 field",
    version: 1,
    typeOn: "parcels",
    expect: { refused: { rule: RULE_CODES.unknown_field, path: "parcels[0].type" } },
  },
  // 9.4: digital_label is boolean; an old string value is read as true.
  ...[true, false].map(
    (value): PackageCase => ({
      section: "9.4",
      title: `digital_label ${value} is kept`,
      version: 2,
      additionalServices: { digital_label: value },
      expect: { accepted: true, services: { digital_label: value } },
    }),
  ),
  ...["yes", "1", "no"].map(
    (value): PackageCase => ({
      section: "9.4",
      title: `digital_label as the old string ${JSON.stringify(value)} is read as true`,
      version: 2,
      additionalServices: { digital_label: value },
      expect: { accepted: true, services: { digital_label: true } },
    }),
  ),
  // 9.6: poczta_kurier24 is renamed poczta_ekspres24; the express service's flags.
  {
    section: "9.6",
    title: "poczta_kurier24 is read as poczta_ekspres24",
    version: 2,
    carrier: "postal",
    additionalServices: { poczta_kurier24: true },
    expect: {
      accepted: true,
      services: { poczta_ekspres24: true, poczta_kurier24: undefined },
    },
  },
  {
    section: "9.6",
    title: "poczta_ekspres24 with guarantee_0800, delivery_after_1700 and check_content",
    version: 2,
    carrier: "postal",
    additionalServices: {
      poczta_ekspres24: true,
      guarantee_0800: true,
      delivery_after_1700: true,
      check_content: true,
    },
    expect: {
      accepted: true,
      services: {
        poczta_ekspres24: true,
        guarantee_0800: true,
        delivery_after_1700: true,
        check_content: true,
      },
    },
  },
  {
    section: "9.6",
    title: "poczta_ekspres24 with rod, saturday_delivery, guarantee_1200 and personal_delivery",
    version: 2,
    carrier: "postal",
    additionalServices: {
      poczta_ekspres24: true,
      rod: true,
      saturday_delivery: true,
      guarantee_1200: true,
      personal_delivery: true,
    },
    expect: ACCEPTED,
  },
  // 9.7: sending_at_point was removed from AdditionalServices.
  {
    section: "9.7",
    title: "sending_at_point is no longer an additional service",
    version: 2,
    additionalServices: { sending_at_point: true },
    expect: {
      refused: { rule: RULE_CODES.field_removed, path: "additional_services.sending_at_point" },
    },
  },
  // 9.5: an own-contract postal shipment without a postal service is created as express.
  {
    section: "9.5",
    title:
      "own-contract postal shipment without a postal service is created with the express service",
    version: 2,
    carrier: "own_postal",
    expect: { accepted: true, created: { poczta_ekspres24: true } },
    operations: ["create"],
  },
  {
    section: "9.5",
    title: "kurier48: true keeps the previous service",
    version: 2,
    carrier: "own_postal",
    additionalServices: { kurier48: true },
    expect: {
      accepted: true,
      services: { kurier48: true },
      created: { kurier48: true, poczta_ekspres24: undefined },
    },
    operations: ["create"],
  },
  // 7.2: from 2026-08-24, seven flags are refused on own-contract postal shipments.
  ...POSTAL_FORBIDDEN.map(
    (flag): PackageCase => ({
      section: "7.2",
      title: `own-contract postal shipment with ${flag}, from 2026-08-24`,
      version: 2,
      carrier: "own_postal",
      additionalServices: { kurier48: true, [flag]: true },
      expect: {
        refused: { rule: RULE_CODES.postal_flag_forbidden, path: `additional_services.${flag}` },
      },
      operations: ["create", "update"],
    }),
  ),
  ...POSTAL_FORBIDDEN.map(
    (flag): PackageCase => ({
      section: "7.2",
      title: `own-contract postal shipment with ${flag}, before 2026-08-24`,
      version: 2,
      carrier: "own_postal",
      at: "before",
      additionalServices: { kurier48: true, [flag]: true },
      expect: { accepted: true, services: { [flag]: true } },
      operations: ["create", "update"],
    }),
  ),
  {
    section: "7.2",
    title: "v1 own-contract postal shipment with rod, from 2026-08-24",
    version: 1,
    carrier: "own_postal",
    additionalServices: { kurier48: true, rod: true },
    expect: {
      refused: { rule: RULE_CODES.postal_flag_forbidden, path: "additional_services.rod" },
    },
    operations: ["create", "update"],
  },
  {
    section: "7.2",
    title:
      "postal shipment on the platform's contract keeps rod and check_content after 2026-08-24",
    version: 2,
    carrier: "postal",
    additionalServices: { poczta_ekspres24: true, rod: true, check_content: true },
    expect: { accepted: true, services: { rod: true, check_content: true } },
  },
  {
    section: "7.2",
    title: "own-contract postal shipment with a flag outside the list, after 2026-08-24",
    version: 2,
    carrier: "own_postal",
    additionalServices: { poczta_ekspres24: true, guarantee_1200: true },
    expect: { accepted: true, services: { guarantee_1200: true } },
    operations: ["create", "update"],
  },
  // Addresses (2.3 gap): each country's postcode form, on every address.
  ...(
    [
      ["PL", "00-950", "00950"],
      ["DE", "10115", "1011"],
      ["CZ", "110 00", "11000"],
      ["SK", "811 01", "81101"],
      ["NL", "1012 AB", "1012AB"],
      ["IE", "D02 X285", "12345"],
      ["PT", "1000-001", "1000001"],
      ["AT", "1010", "10100"],
      ["FR", "75001", "7500"],
      ["SE", "111 52", "1115"],
      ["LT", "LT-01100", "0110"],
    ] as const
  ).flatMap(([country, good, bad]): PackageCase[] => [
    {
      section: "2.3",
      title: `address: a receiver in ${country} with postcode ${good}`,
      version: 2,
      addresses: { receiver: { country_code: country, postcode: good } },
      expect: ACCEPTED,
    },
    {
      section: "2.3",
      title: `address: a receiver in ${country} with postcode ${bad}`,
      version: 2,
      addresses: { receiver: { country_code: country, postcode: bad } },
      expect: { refused: { rule: RULE_CODES.postcode_invalid, path: "receiver.postcode" } },
    },
  ]),
  {
    section: "2.3",
    title: "address: a Polish postcode typed as 5 digits is refused as sent (mapping rewrites it)",
    version: 2,
    addresses: { receiver: { postcode: "80831" } },
    expect: { refused: { rule: RULE_CODES.postcode_invalid, path: "receiver.postcode" } },
  },
  {
    section: "2.3",
    title: "address: receiver postcode ABC",
    version: 1,
    addresses: { receiver: { postcode: "ABC" } },
    expect: { refused: { rule: RULE_CODES.postcode_invalid, path: "receiver.postcode" } },
  },
  {
    section: "2.3",
    title: "address: sender postcode ABC",
    version: 2,
    addresses: { sender: { postcode: "ABC" } },
    expect: { refused: { rule: RULE_CODES.postcode_invalid, path: "sender.postcode" } },
  },
  {
    section: "2.3",
    title: "address: pickup postcode ABC",
    version: 2,
    addresses: { pickup: { postcode: "ABC" } },
    expect: { refused: { rule: RULE_CODES.postcode_invalid, path: "pickup.postcode" } },
  },
  // Addresses (2.3 gap): a house number where a courier must find the door.
  {
    section: "2.3",
    title: "address: receiver street without a house number, to the door",
    version: 2,
    addresses: { receiver: { street: "Marszałkowska" } },
    expect: { refused: { rule: RULE_CODES.house_number_missing, path: "receiver.street" } },
  },
  {
    section: "2.3",
    title: "address: receiver street without a house number, to a point",
    version: 2,
    addresses: { receiver: { street: "Marszałkowska", point: "PL00007" } },
    expect: ACCEPTED,
  },
  {
    section: "2.3",
    title: "address: pickup street without a house number, collected by the courier",
    version: 2,
    addresses: { pickup: { street: "Marszałkowska" } },
    expect: { refused: { rule: RULE_CODES.house_number_missing, path: "pickup.street" } },
  },
  {
    section: "2.3",
    title: "address: sender street without a house number (the label's return address)",
    version: 2,
    addresses: { sender: { street: "Marszałkowska" } },
    expect: ACCEPTED,
  },
  // Points (2.3 gap): pickup.point is where the sender hands the parcel in
  // (a return parcel's customer), so it must be a point that takes parcels
  // in, as the point data says (Point.is_send_point); PL30035 is a DPD
  // Pickup shop that only hands parcels out, PL00007 one that takes them in.
  {
    section: "2.3",
    title: "point: a pickup point that takes parcels in",
    version: 2,
    addresses: { pickup: { point: "PL00007" } },
    expect: ACCEPTED,
  },
  {
    section: "2.3",
    title: "point: a pickup point that only hands parcels out",
    version: 2,
    pointData: true,
    addresses: { pickup: { point: "PL30035" } },
    expect: { refused: { rule: RULE_CODES.point_unavailable, path: "pickup.point" } },
  },
];
