// Every returns document the app sends validates, with its variables, against
// the real 2026-10 Admin schema and reaches only fields the app's scopes
// grant; without the returns scopes, the fake refuses them.
import { describe, expect, it } from "vitest";
import { ADMIN_API_VERSION, loadAdminSchema } from "../testing/admin-schema.ts";
import { checkAdminRequest } from "../testing/validate-admin-request.ts";
import { APP_SCOPES } from "./documents.ts";
import { RETURN_DOCUMENTS, RETURN_SCOPES } from "./return-documents.ts";

describe(`the app's returns documents (${ADMIN_API_VERSION})`, () => {
  const admin = loadAdminSchema(ADMIN_API_VERSION);

  it("the app asks for the returns scopes", () => {
    for (const scope of RETURN_SCOPES) expect(APP_SCOPES).toContain(scope);
  });

  it.each(Object.entries(RETURN_DOCUMENTS))("%s validates with the app's scopes", (_, request) => {
    const check = checkAdminRequest(admin, request, APP_SCOPES);
    expect(check.ok ? [] : check.errors.map((error) => error.message)).toEqual([]);
  });

  it.each(Object.entries(RETURN_DOCUMENTS))(
    "%s is refused without the returns scopes",
    (_, request) => {
      const without = APP_SCOPES.filter((scope) => !scope.endsWith("_returns"));
      const check = checkAdminRequest(admin, request, without);
      expect(check.ok).toBe(false);
      if (!check.ok) expect(check.errors[0]?.extensions?.["code"]).toBe("ACCESS_DENIED");
    },
  );
});
