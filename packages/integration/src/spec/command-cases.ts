// The spec table for the asynchronous commands a shipping day runs: ordering
// (4.3 names it), documents in bulk and courier pickups. The spec leaves their
// payloads and size limits unshown (4.3 Gaps, 8), so these rows state the
// service's rules as core and the sandbox define them, each with what is sent
// and whether it is accepted or refused (rule, path and HTTP status, or the
// error entry of the finished command). Body rows are checked by core's
// schemas before sending and by the sandbox; state rows only the service can
// decide, against packages it holds.
import { RULE_CODES, type RuleCode } from "@shipbridge/core";

/** The most packages one order command takes: the service's limit, written here rather than read from core. */
const ORDER_LIMIT = 100;

export interface CommandRefusal {
  readonly rule: RuleCode;
  readonly path: string;
  /** The HTTP status of the refusal; "entry" when the command is accepted and the package is its error entry. */
  readonly status: 400 | 409 | 422 | "entry";
}

export type CommandOutcome = { readonly accepted: true } | { readonly refused: CommandRefusal };

/** A command body refused (or accepted) for its shape alone; its package ids need not exist. */
export interface CommandBodyCase {
  readonly section: string;
  readonly title: string;
  readonly command: "order" | "documents";
  readonly body: Readonly<Record<string, unknown>>;
  readonly expect: CommandOutcome;
}

const refs = (count: number) => Array.from({ length: count }, (_, i) => ({ id: 900_000 + i }));

export const COMMAND_BODY_CASES: readonly CommandBodyCase[] = [
  {
    section: "8",
    title: `an order command of ${ORDER_LIMIT} packages`,
    command: "order",
    body: { packages: refs(ORDER_LIMIT) },
    expect: { accepted: true },
  },
  {
    section: "8",
    title: `an order command of ${ORDER_LIMIT + 1} packages is more than one command takes`,
    command: "order",
    body: { packages: refs(ORDER_LIMIT + 1) },
    expect: { refused: { rule: RULE_CODES.too_big, path: "packages", status: 422 } },
  },
  {
    section: "4.3",
    title: "labels as ZPL",
    command: "documents",
    body: { packages: refs(1), type: "labels", file_format: "zpl" },
    expect: { accepted: true },
  },
  {
    section: "4.3",
    title: "labels as an A6 PDF",
    command: "documents",
    body: { packages: refs(1), type: "labels", file_format: "pdf", page_format: "a6" },
    expect: { accepted: true },
  },
  {
    section: "4.3",
    title: "labels in a file format other than pdf and zpl",
    command: "documents",
    body: { packages: refs(1), type: "labels", file_format: "png" },
    expect: { refused: { rule: RULE_CODES.invalid_value, path: "file_format", status: 400 } },
  },
  {
    section: "4.3",
    title: "a handover protocol asked as ZPL",
    command: "documents",
    body: { packages: refs(1), type: "protocol", file_format: "zpl" },
    expect: { refused: { rule: RULE_CODES.protocol_pdf_only, path: "file_format", status: 400 } },
  },
];

/** How a state row's packages are made: ordered packages of a carrier, sent from the door or handed in at a point. */
export interface StatePackage {
  readonly service: string;
  readonly handedInAtPoint?: boolean;
}

/** A refusal only the service can make, from the state of the packages (and its clock). */
export interface CommandStateCase {
  readonly section: string;
  readonly title: string;
  readonly packages: readonly StatePackage[];
  /** What is sent with those packages: a protocol of them, pickup date proposals or a pickup command for them. */
  readonly send: "protocol" | "pickup_proposals" | "pickup_command";
  readonly expect: CommandOutcome;
}

export const COMMAND_STATE_CASES: readonly CommandStateCase[] = [
  {
    section: "4.3",
    title: "a protocol of one carrier's packages",
    packages: [{ service: "dpd" }, { service: "dpd" }],
    send: "protocol",
    expect: { accepted: true },
  },
  {
    section: "4.3",
    title: "a protocol serves one carrier: a package of another is an error entry",
    packages: [{ service: "dpd" }, { service: "inpost" }],
    send: "protocol",
    expect: {
      refused: { rule: RULE_CODES.protocol_one_carrier, path: "packages[1].id", status: "entry" },
    },
  },
  {
    section: "4.3",
    title: "pickup dates for courier packages",
    packages: [{ service: "inpost" }],
    send: "pickup_proposals",
    expect: { accepted: true },
  },
  {
    section: "4.3",
    title: "no pickup dates for a package the sender hands in at a point",
    packages: [{ service: "inpost" }, { service: "inpost", handedInAtPoint: true }],
    send: "pickup_proposals",
    expect: {
      refused: { rule: RULE_CODES.pickup_not_needed, path: "packages[1].id", status: 400 },
    },
  },
  {
    section: "4.3",
    title: "a pickup command skips a package the sender hands in at a point",
    packages: [{ service: "inpost", handedInAtPoint: true }, { service: "inpost" }],
    send: "pickup_command",
    expect: {
      refused: { rule: RULE_CODES.pickup_not_needed, path: "packages[0].id", status: "entry" },
    },
  },
];
