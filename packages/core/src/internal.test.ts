// The export lock of @shipbridge/core/internal: what the sandbox shares with
// core (no stability promise, but still listed so nothing leaks by accident).
// Any change to this list is a change to the public surface; make it on purpose.
import { expect, it } from "vitest";
import * as entry from "./internal.ts";
import { exportedNames, typeOnlyNames } from "./testing/exported-names.ts";

const ALL = exportedNames(new URL("./internal.ts", import.meta.url));

it("exports exactly these values", () => {
  expect(Object.keys(entry).sort()).toEqual([
    "DEFAULT_LANGUAGE",
    "IssueCollector",
    "LANGUAGES",
    "LENGTH_UNITS",
    "MESSAGES",
    "ORDER_COMMAND_NAMESPACE",
    "USER_REFERENCE_MAX_LENGTH",
    "WEIGHT_UNITS",
    "chunkCommandId",
    "isLanguage",
    "readLegacyResponse",
    "renderMessage",
    "summarizeIssues",
    "systemClock",
    "toErrorResponseBody",
    "trackingPushControl",
    "validateInput",
  ]);
});

it("exports exactly these types", () => {
  expect(typeOnlyNames(ALL, entry)).toEqual([
    "CodAccount",
    "LegacyResponseKind",
    "MessageParams",
    "PackageOperation",
    "PostalService",
    "RawIssue",
    "ShipOrderSteps",
    "TrackingPushFields",
    "ValidationOptions",
  ]);
});
