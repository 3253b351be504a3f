// An order's problems as the orders pages list them: the field as people
// read it (field-names.ts), its path for whoever fixes it in code, and
// core's message, in the shop's language.
import type { Issue, Language } from "@shipbridge/core";
import { html } from "hono/html";
import { fieldName } from "./field-names.ts";

export function problemList(problems: readonly Issue<string>[], language: Language) {
  if (problems.length === 0) return "";
  return html`<ul class="problems">${problems.map(
    (problem) =>
      html`<li><strong>${fieldName(problem.path, language)}</strong> (<code>${problem.path}</code>): ${problem.message}</li>`,
  )}</ul>`;
}
