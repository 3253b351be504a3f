// The bin could not start for a reason outside its variables' form: the
// port it is to listen on is taken (`port_in_use`), or the database of
// DATABASE_URL cannot be reached or refuses it (`database_unreachable`).
// Each message names the variable to check; no value of a secret is in it.
import { ShipbridgeError } from "@shipbridge/core";

export class BinStartError extends ShipbridgeError {
  override readonly name = "BinStartError";
}

/** Network errors of Node and PostgreSQL's SQLSTATE classes of a connection refused. */
const UNREACHABLE = /^(E[A-Z]+|08...|28...|3D...)$/;

/** Whether `error` says the database could not be reached, or refused the login or the name. */
export function isDatabaseUnreachable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && UNREACHABLE.test(code)) return true;
  const errors = (error as { errors?: unknown } | null)?.errors;
  return Array.isArray(errors) && errors.some(isDatabaseUnreachable);
}

export function databaseUnreachable(error: unknown, databaseUrl: string): BinStartError {
  const code = (error as { code?: unknown }).code;
  let said = error instanceof Error ? error.message : String(error);
  // Never the password, should a driver's message ever repeat the URL.
  const password = URL.canParse(databaseUrl) ? new URL(databaseUrl).password : "";
  if (password)
    said = said.replaceAll(decodeURIComponent(password), "***").replaceAll(password, "***");
  return new BinStartError(
    "database_unreachable",
    `DATABASE_URL: the database cannot be reached or refused the app (${typeof code === "string" ? `${code}: ` : ""}${said}); check DATABASE_URL, or leave it empty for an embedded database`,
  );
}

export function portInUse(host: string, port: number, error: unknown): BinStartError {
  const code = (error as { code?: unknown }).code;
  return new BinStartError(
    "port_in_use",
    code === "EACCES"
      ? `PORT: listening on ${host}:${port} is not allowed (EACCES); set PORT to another port (above 1023 unless run with the right to bind it)`
      : `PORT: ${host}:${port} is taken by another process (${typeof code === "string" ? code : "in use"}); stop it, or set PORT (and HOST) to a free address`,
  );
}
