// Asks the sandbox the same refused request in both languages of the API
// (X-Language pl_PL and en_GB) and checks that the answer is a 400 whose
// errors[] names the path and core's rule code, with a message in each
// language: both present, and not the same text.
import type { Language } from "@shipbridge/core";
import { expect } from "vitest";
import type { CallOptions, RestSandbox } from "./rest-fixture.ts";

export interface RuleMessages {
  readonly en_GB: string;
  readonly pl_PL: string;
}

/**
 * Sends `request(language)` once per language and returns the two messages of
 * the entry at `path`. `request` builds the options afresh for each call, so a
 * command can take a new UUID each time.
 */
export async function refusedInBothLanguages(
  sandbox: RestSandbox,
  method: string,
  url: string,
  request: (language: Language) => CallOptions,
  expected: { readonly path: string; readonly rule: string },
): Promise<RuleMessages> {
  const message = async (language: Language): Promise<string> => {
    const options = request(language);
    const res = await sandbox.call(method, url, {
      ...options,
      headers: { ...options.headers, "x-language": language },
    });
    expect(res.status).toBe(400);
    const entry = (res.body.errors as { path: string; rule?: string; message: string }[]).find(
      (e) => e.path === expected.path,
    );
    expect(entry).toMatchObject({ path: expected.path, rule: expected.rule });
    expect(entry?.message).toEqual(expect.any(String));
    expect(entry?.message.trim()).not.toBe("");
    return entry?.message ?? "";
  };
  const messages = { en_GB: await message("en_GB"), pl_PL: await message("pl_PL") };
  expect(messages.pl_PL).not.toBe(messages.en_GB);
  return messages;
}
