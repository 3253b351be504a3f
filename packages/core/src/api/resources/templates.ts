// The account's shipment templates (/account/package-templates). Version 2
// carries each template's shipments in an array (`packages`); version 1 one
// `package`. New templates are checked by core's package rules first, each
// problem named by its path in the template (`packages[0].receiver.phone`).
import { z } from "zod";
import {
  type ApiVersion,
  type PackageV1,
  type PackageV2,
  TEMPLATE_PACKAGES_MAX,
  TemplateNameSchema,
  type TemplatesV1Response,
  TemplatesV1ResponseSchema,
  type TemplatesV2Response,
  TemplatesV2ResponseSchema,
  type TemplateV2,
  TemplateV2Schema,
} from "../../schemas/index.ts";
import { lazy } from "../../schemas/lazy-schema.ts";
import { type Issue, RULE_CODES, ValidationError } from "../../validation/index.ts";
import { type ClientContext, languageOf, versionOf } from "../client-context.ts";
import { checkInput, packageResult } from "../input-check.ts";
import type { CallOptions } from "../transport.ts";
import { callEndpoint, callOnRecord } from "./endpoint.ts";

/** A new template: its name and the shipments it prefills (1 to 20). */
export interface NewTemplate {
  readonly name: string;
  readonly packages: readonly (PackageV1 | PackageV2)[];
}

// The client's own shape (`packages` in both versions); each package is then
// checked by validatePackage in the call's version.
const NewTemplateSchema = lazy(() =>
  z.strictObject({
    name: TemplateNameSchema,
    packages: z.array(z.unknown()).min(1).max(TEMPLATE_PACKAGES_MAX),
  }),
);

export interface TemplateWriteResult {
  readonly template: TemplateV2 | Record<string, unknown>;
  readonly warnings: readonly Issue[];
}

function prefixed<T extends { path: string }>(entries: readonly T[], prefix: string): T[] {
  return entries.map((e) => ({ ...e, path: e.path === "" ? prefix : `${prefix}.${e.path}` }));
}

export class TemplatesResource {
  readonly #context: ClientContext;

  constructor(context: ClientContext) {
    this.#context = context;
  }

  /** The account's templates. v2 (default): shipments in `packages[]`; v1: one `package`. */
  list(options?: CallOptions & { readonly version?: 2 }): Promise<TemplatesV2Response>;
  list(options: CallOptions & { readonly version: 1 }): Promise<TemplatesV1Response>;
  async list(options?: CallOptions): Promise<TemplatesV1Response | TemplatesV2Response> {
    const version = versionOf(this.#context, options);
    return callEndpoint<TemplatesV1Response | TemplatesV2Response>(
      this.#context,
      {
        method: "GET",
        path: "/account/package-templates",
        response: version === 2 ? TemplatesV2ResponseSchema : TemplatesV1ResponseSchema,
        idempotent: true,
      },
      undefined,
      options,
    );
  }

  /** Adds a template after checking every shipment in it. */
  async create(template: NewTemplate, options?: CallOptions): Promise<TemplateWriteResult> {
    const context = this.#context;
    const version: ApiVersion = versionOf(context, options);
    const checked = checkInput(context, NewTemplateSchema, template, options);
    const issues: Issue[] = [];
    const warnings: Issue[] = [];
    const packages: unknown[] = [];
    checked.packages.forEach((pkg, index) => {
      const prefix = version === 2 ? `packages[${index}]` : "package";
      const result = packageResult(context, pkg, version, "validate", options);
      warnings.push(...prefixed(result.warnings, prefix));
      if (result.ok) packages.push(result.value);
      else issues.push(...prefixed(result.error.issues, prefix));
    });
    if (version === 1 && checked.packages.length !== 1) {
      issues.push({
        path: "packages",
        rule: RULE_CODES.invalid_value,
        message: "A version 1 template holds exactly one package; use version 2 for several.",
      });
    }
    if (issues.length > 0) throw new ValidationError(issues, languageOf(context, options));
    const body =
      version === 2
        ? { name: checked.name, packages }
        : { name: checked.name, package: packages[0] };
    const created = await callEndpoint<TemplateV2 | Record<string, unknown>>(
      context,
      {
        method: "POST",
        path: "/account/package-templates",
        response: version === 2 ? TemplateV2Schema : undefined,
        idempotent: false,
      },
      body,
      options,
    );
    return { template: created, warnings };
  }

  /** Removes a template. */
  async delete(id: number, options?: CallOptions): Promise<void> {
    await callOnRecord(
      this.#context,
      id,
      {
        method: "DELETE",
        path: (checked) => `/account/package-templates/${checked}`,
        response: undefined,
      },
      options,
    );
  }
}
