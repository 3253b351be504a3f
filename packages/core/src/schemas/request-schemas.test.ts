// Tests of the request bodies and queries that the account, pickup, documents,
// template and message resources take: strict (an unknown key is named), with
// the limits each one documents, and their tolerant answers.
import { describe, expect, it } from "vitest";
import { validateInput } from "../validation/validate-input.ts";
import {
  AddressBookEntryRequestSchema,
  AddressBookQuerySchema,
  AddressBookResponseSchema,
} from "./address-book.ts";
import {
  DocumentsCommandRequestSchema,
  DocumentsCommandResponseSchema,
} from "./documents-command.ts";
import { MESSAGE_TYPES, MessagesQuerySchema } from "./messages-query.ts";
import {
  PickupCancelResponseSchema,
  PickupCommandRequestSchema,
  PickupCommandResponseSchema,
  PickupDateProposalsRequestSchema,
  PickupDateProposalsResponseSchema,
} from "./pickup-command.ts";
import {
  TemplatesV1ResponseSchema,
  TemplateV1RequestSchema,
  TemplateV2RequestSchema,
} from "./templates.ts";
import { TrackingWebhookRequestSchema, TrackingWebhookResponseSchema } from "./tracking-webhook.ts";

const uuid = "5f0c5f7e-6a0e-4b8e-9d1f-6f1f3c2a9b10";

/** The problems of an input as path and rule, the way the API's 400 lists them. */
function problems(schema: Parameters<typeof validateInput>[0], input: unknown) {
  const result = validateInput(schema, input);
  return result.ok ? [] : result.error.issues.map(({ path, rule }) => ({ path, rule }));
}

const address = {
  name: "Anna Nowak",
  street: "Piotrkowska 100",
  postcode: "90-004",
  city: "Łódź",
  country_code: "PL",
  phone: "500200300",
};

describe("TrackingWebhookRequestSchema", () => {
  const webhook = { url: "https://shop.example.com/hooks/tracking", secret: "s".repeat(16) };

  it("accepts an http(s) URL, a secret of 16 to 128 characters and a language", () => {
    expect(TrackingWebhookRequestSchema.parse(webhook)).toEqual(webhook);
    expect(
      TrackingWebhookRequestSchema.parse({
        url: "http://127.0.0.1:8080/t",
        secret: "s".repeat(128),
        language: "en_GB",
      }).language,
    ).toBe("en_GB");
  });

  it("rejects other URL schemes", () => {
    for (const url of ["ftp://shop.example.com/t", "javascript:alert(1)", "shop.example.com"]) {
      expect(problems(TrackingWebhookRequestSchema, { ...webhook, url })).toEqual([
        { path: "url", rule: "invalid_format" },
      ]);
    }
  });

  it("names a short or long secret, an unknown language and an unknown key", () => {
    expect(problems(TrackingWebhookRequestSchema, { ...webhook, secret: "short" })).toEqual([
      { path: "secret", rule: "too_small" },
    ]);
    expect(problems(TrackingWebhookRequestSchema, { ...webhook, secret: "s".repeat(129) })).toEqual(
      [{ path: "secret", rule: "too_big" }],
    );
    expect(problems(TrackingWebhookRequestSchema, { ...webhook, language: "de_DE" })).toEqual([
      { path: "language", rule: "invalid_value" },
    ]);
    expect(problems(TrackingWebhookRequestSchema, { ...webhook, token: "x" })).toEqual([
      { path: "token", rule: "unknown_field" },
    ]);
  });

  it("reads the registration without a secret, keeping unknown keys", () => {
    const answer = { url: webhook.url, language: "pl_PL", datetime_add: "2026-09-01T10:00:00Z" };
    expect(TrackingWebhookResponseSchema.parse({ ...answer, id: 3 })).toEqual({ ...answer, id: 3 });
  });
});

describe("pickups", () => {
  it("asks for proposals for 1 to 100 packages", () => {
    expect(PickupDateProposalsRequestSchema.parse({ packages: [{ id: 7 }] })).toEqual({
      packages: [{ id: 7 }],
    });
    expect(problems(PickupDateProposalsRequestSchema, { packages: [] })).toEqual([
      { path: "packages", rule: "too_small" },
    ]);
    const many = Array.from({ length: 101 }, (_, i) => ({ id: i + 1 }));
    expect(problems(PickupDateProposalsRequestSchema, { packages: many })).toEqual([
      { path: "packages", rule: "too_big" },
    ]);
    expect(problems(PickupDateProposalsRequestSchema, { packages: [{ id: "7" }] })).toEqual([
      { path: "packages[0].id", rule: "invalid_type" },
    ]);
  });

  it("reads the proposed dates with their info", () => {
    const parsed = PickupDateProposalsResponseSchema.parse({
      pickup_dates: [{ date: "2026-09-01", min_time: "10:00", max_time: "16:00", info: "x" }],
    });
    expect(parsed.pickup_dates[0]?.info).toBe("x");
  });

  const command = {
    packages: [{ id: 7 }],
    pickup_date: { date: "2026-09-01", min_time: "10:00", max_time: "16:00" },
  };

  it("orders a pickup for a day and a window", () => {
    expect(PickupCommandRequestSchema.parse(command)).toEqual(command);
  });

  it("names a day or time in the wrong format", () => {
    expect(
      problems(PickupCommandRequestSchema, {
        ...command,
        pickup_date: { date: "01.09.2026", min_time: "10", max_time: "24:00" },
      }),
    ).toEqual([
      { path: "pickup_date.date", rule: "invalid_format" },
      { path: "pickup_date.min_time", rule: "invalid_format" },
      { path: "pickup_date.max_time", rule: "invalid_format" },
    ]);
    expect(
      problems(PickupCommandRequestSchema, {
        ...command,
        pickup_date: { ...command.pickup_date, min_time: "10:00:00" },
      }),
    ).toEqual([{ path: "pickup_date.min_time", rule: "invalid_format" }]);
  });

  it("needs the window to end after it starts", () => {
    for (const max_time of ["10:00", "09:59"]) {
      expect(
        problems(PickupCommandRequestSchema, {
          ...command,
          pickup_date: { ...command.pickup_date, max_time },
        }),
      ).toEqual([{ path: "pickup_date.max_time", rule: "pickup_window_invalid" }]);
    }
  });

  it("says so in both languages", () => {
    const input = { ...command, pickup_date: { ...command.pickup_date, max_time: "09:00" } };
    const en = validateInput(PickupCommandRequestSchema, input, { language: "en_GB" });
    const pl = validateInput(PickupCommandRequestSchema, input, { language: "pl_PL" });
    expect(en.ok ? "" : en.error.issues[0]?.message).toMatch(/max_time must be later/);
    expect(pl.ok ? "" : pl.error.issues[0]?.message).toMatch(/max_time musi być późniejsze/);
  });

  it("names an unknown key of the window", () => {
    expect(
      problems(PickupCommandRequestSchema, {
        ...command,
        pickup_date: { ...command.pickup_date, time: "10:00" },
      }),
    ).toEqual([{ path: "pickup_date.time", rule: "unknown_field" }]);
  });

  it("reads the command with each package's pickup number", () => {
    const parsed = PickupCommandResponseSchema.parse({
      uuid,
      status: "successful",
      errors: [],
      successfully_ordered_packages: [
        {
          package_id: 7,
          service: "dpd",
          pickup_number: "DPD-20260901-000123",
          pickup_date: command.pickup_date,
        },
      ],
    });
    expect(parsed.successfully_ordered_packages?.[0]?.pickup_number).toBe("DPD-20260901-000123");
  });

  it("reads whether a pickup is cancelled; the answer to cancelling must say it", () => {
    const answer = { uuid, status: "successful", errors: [], successfully_ordered_packages: [] };
    expect(PickupCommandResponseSchema.parse(answer).cancelled).toBeUndefined();
    expect(PickupCancelResponseSchema.parse({ ...answer, cancelled: true }).cancelled).toBe(true);
    expect(PickupCancelResponseSchema.safeParse(answer).success).toBe(false);
  });
});

describe("documents command", () => {
  it("asks for labels (a4 or a6) or the handover protocol", () => {
    const labels = { packages: [{ id: 1 }], type: "labels", page_format: "a6" };
    expect(DocumentsCommandRequestSchema.parse(labels)).toEqual(labels);
    expect(
      DocumentsCommandRequestSchema.parse({ packages: [{ id: 1 }], type: "protocol" }),
    ).toEqual({ packages: [{ id: 1 }], type: "protocol" });
  });

  it("names an unknown type, page format or key, and the package limits", () => {
    expect(
      problems(DocumentsCommandRequestSchema, {
        packages: [{ id: 1 }],
        type: "invoice",
        page_format: "a5",
        copies: 2,
      }),
    ).toEqual([
      { path: "type", rule: "invalid_value" },
      { path: "page_format", rule: "invalid_value" },
      { path: "copies", rule: "unknown_field" },
    ]);
    const many = Array.from({ length: 501 }, (_, i) => ({ id: i + 1 }));
    expect(problems(DocumentsCommandRequestSchema, { packages: many, type: "labels" })).toEqual([
      { path: "packages", rule: "too_big" },
    ]);
  });

  it("takes labels as pdf or zpl, and a protocol as pdf only", () => {
    for (const file_format of ["pdf", "zpl"]) {
      const request = { packages: [{ id: 1 }], type: "labels", file_format, page_format: "a6" };
      expect(DocumentsCommandRequestSchema.parse(request)).toEqual(request);
    }
    const protocol = { packages: [{ id: 1 }], type: "protocol", file_format: "pdf" };
    expect(DocumentsCommandRequestSchema.parse(protocol)).toEqual(protocol);
    expect(problems(DocumentsCommandRequestSchema, { ...protocol, file_format: "zpl" })).toEqual([
      { path: "file_format", rule: "protocol_pdf_only" },
    ]);
    expect(
      problems(DocumentsCommandRequestSchema, { ...protocol, type: "labels", file_format: "png" }),
    ).toEqual([{ path: "file_format", rule: "invalid_value" }]);
  });

  it("reads the finished command with its documents", () => {
    const parsed = DocumentsCommandResponseSchema.parse({
      uuid,
      status: "successful",
      errors: [],
      successfully_processed_packages: [{ package_id: 1 }],
      documents: [{ type: "labels", file_format: "pdf", url: "https://x/doc" }],
    });
    expect(parsed.documents?.[0]?.url).toBe("https://x/doc");
  });
});

describe("address book", () => {
  it("saves a sender, or a receiver with a point", () => {
    const sender = { type: "sender", label: "Magazyn", address };
    expect(AddressBookEntryRequestSchema.parse(sender)).toEqual(sender);
    const receiver = { type: "receiver", address: { ...address, point: "LOD01M" } };
    expect(AddressBookEntryRequestSchema.parse(receiver)).toEqual(receiver);
  });

  it("gives a sender no point, and names every problem of the address", () => {
    expect(
      problems(AddressBookEntryRequestSchema, {
        type: "sender",
        address: { ...address, point: "LOD01M", city: "" },
      }),
    ).toEqual([
      { path: "address.city", rule: "too_small" },
      { path: "address.point", rule: "unknown_field" },
    ]);
  });

  it("names an unknown type and a label of the wrong length", () => {
    expect(problems(AddressBookEntryRequestSchema, { type: "pickup", address })).toEqual([
      { path: "type", rule: "invalid_value" },
    ]);
    expect(problems(AddressBookEntryRequestSchema, { type: "sender", label: "", address })).toEqual(
      [{ path: "label", rule: "too_small" }],
    );
    expect(
      problems(AddressBookEntryRequestSchema, {
        type: "sender",
        label: "x".repeat(101),
        address,
      }),
    ).toEqual([{ path: "label", rule: "too_big" }]);
  });

  it("filters the list by type only", () => {
    expect(AddressBookQuerySchema.parse({ type: "receiver" })).toEqual({ type: "receiver" });
    expect(problems(AddressBookQuerySchema, { type: "all" })).toEqual([
      { path: "type", rule: "invalid_value" },
    ]);
    expect(problems(AddressBookQuerySchema, { kind: "sender" })).toEqual([
      { path: "kind", rule: "unknown_field" },
    ]);
  });

  it("reads saved addresses, keeping unknown keys", () => {
    const parsed = AddressBookResponseSchema.parse({
      addresses: [
        { id: 1, type: "sender", label: null, address, datetime_add: "2026-09-01T10:00:00Z", x: 1 },
      ],
    });
    expect(parsed.addresses[0]?.address.city).toBe("Łódź");
    expect(parsed.addresses[0]?.["x"]).toBe(1);
  });
});

describe("template bodies", () => {
  const pkg = { service: "dpd" };

  it("takes one package in version 1 and 1 to 20 in version 2", () => {
    expect(TemplateV1RequestSchema.parse({ name: "A", package: pkg })).toEqual({
      name: "A",
      package: pkg,
    });
    expect(TemplateV2RequestSchema.parse({ name: "A", packages: [pkg] })).toEqual({
      name: "A",
      packages: [pkg],
    });
    expect(problems(TemplateV2RequestSchema, { name: "A", packages: [] })).toEqual([
      { path: "packages", rule: "too_small" },
    ]);
    expect(problems(TemplateV2RequestSchema, { name: "A", packages: Array(21).fill(pkg) })).toEqual(
      [{ path: "packages", rule: "too_big" }],
    );
  });

  it("names the other version's key, a package that is not an object and the name's length", () => {
    expect(problems(TemplateV1RequestSchema, { name: "A", packages: [pkg] })).toEqual([
      { path: "package", rule: "required" },
      { path: "packages", rule: "unknown_field" },
    ]);
    expect(problems(TemplateV2RequestSchema, { name: "", packages: ["dpd"] })).toEqual([
      { path: "name", rule: "too_small" },
      { path: "packages[0]", rule: "invalid_type" },
    ]);
    expect(problems(TemplateV1RequestSchema, { name: "x".repeat(101), package: pkg })).toEqual([
      { path: "name", rule: "too_big" },
    ]);
  });

  it("reads version 1 templates with one package", () => {
    const parsed = TemplatesV1ResponseSchema.parse({
      templates: [{ id: 1, name: "A", package: { service: "dpd", type: "package", parcels: [] } }],
    });
    expect(parsed.templates[0]?.package?.type).toBe("package");
  });
});

describe("MessagesQuerySchema", () => {
  it("filters by each known type, read state, days and paging", () => {
    for (const type of MESSAGE_TYPES) {
      expect(MessagesQuerySchema.parse({ type }).type).toBe(type);
    }
    const query = {
      read: false,
      date_from: "2026-09-01",
      date_to: "2026-09-01",
      limit: 500,
      page: 2,
    };
    expect(MessagesQuerySchema.parse(query)).toEqual(query);
  });

  it("names an unknown type with the allowed ones, instead of answering an empty list", () => {
    const result = validateInput(MessagesQuerySchema, { type: "ordr" });
    expect(result.ok ? undefined : result.error.issues[0]).toEqual({
      path: "type",
      rule: "invalid_value",
      message: "This value is not allowed; use one of: info, order, cancel, payment, notice.",
    });
  });

  it("takes read as true or false, not as text", () => {
    expect(problems(MessagesQuerySchema, { read: "true" })).toEqual([
      { path: "read", rule: "invalid_type" },
    ]);
  });

  it("names days in the wrong format, a reversed range and paging out of range", () => {
    expect(problems(MessagesQuerySchema, { date_from: "2026-9-1", date_to: "2026-02-30" })).toEqual(
      [
        { path: "date_from", rule: "invalid_format" },
        { path: "date_to", rule: "invalid_format" },
      ],
    );
    expect(
      problems(MessagesQuerySchema, { date_from: "2026-09-02", date_to: "2026-09-01" }),
    ).toEqual([{ path: "date_to", rule: "date_range_invalid" }]);
    expect(problems(MessagesQuerySchema, { limit: 0, page: 1.5 })).toEqual([
      { path: "limit", rule: "too_small" },
      { path: "page", rule: "invalid_type" },
    ]);
    expect(problems(MessagesQuerySchema, { limit: 501 })).toEqual([
      { path: "limit", rule: "too_big" },
    ]);
  });
});

describe("range checks leave values in the wrong format to their own problem", () => {
  it("does not compare a malformed time or day", () => {
    expect(
      problems(PickupCommandRequestSchema, {
        packages: [{ id: 1 }],
        pickup_date: { date: "2026-09-01", min_time: "9:00", max_time: "08:00" },
      }),
    ).toEqual([{ path: "pickup_date.min_time", rule: "invalid_format" }]);
    expect(
      problems(MessagesQuerySchema, { date_from: "2026-09-2", date_to: "2026-09-01" }),
    ).toEqual([{ path: "date_from", rule: "invalid_format" }]);
  });
});
