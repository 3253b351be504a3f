// Every document the app sends validates, with its variables, against the
// real 2026-10 Admin schema and reaches only fields the app's scopes grant.
import { describe, expect, it } from "vitest";
import { ADMIN_API_VERSION, loadAdminSchema } from "../testing/admin-schema.ts";
import { checkAdminRequest } from "../testing/validate-admin-request.ts";
import { ADMIN_DOCUMENTS, APP_SCOPES } from "./documents.ts";

describe(`the app's Admin API documents (${ADMIN_API_VERSION})`, () => {
  const admin = loadAdminSchema(ADMIN_API_VERSION);

  it.each(Object.entries(ADMIN_DOCUMENTS))("%s validates with the app's scopes", (_, request) => {
    const check = checkAdminRequest(admin, request, APP_SCOPES);
    expect(check.ok ? [] : check.errors.map((error) => error.message)).toEqual([]);
  });
});
