// The registered OAuth applications. The config file's applications are
// written to the database at every start; more can be registered at run time
// through POST /_sandbox/applications, and those persist with --data.
import { timingSafeEqual } from "node:crypto";
import { ShipbridgeError } from "@shipbridge/core";
import type { ApplicationConfig } from "../config.ts";
import type { SandboxDatabase } from "../state/database.ts";
import { randomToken, sha256 } from "./secrets.ts";

export interface Application {
  readonly client_id: string;
  readonly client_secret: string;
  readonly redirect_uri: string | null;
  readonly name: string | null;
  readonly source: "config" | "admin";
}

export function seedApplications(
  db: SandboxDatabase,
  applications: readonly ApplicationConfig[],
  nowMs: number,
): void {
  db.transaction(() => {
    const upsert = db.sql.prepare(
      `INSERT INTO oauth_applications (client_id, client_secret, redirect_uri, name, source, created_at)
       VALUES (?, ?, ?, ?, 'config', ?)
       ON CONFLICT(client_id) DO UPDATE SET client_secret = excluded.client_secret,
         redirect_uri = excluded.redirect_uri, name = excluded.name, source = 'config'`,
    );
    for (const app of applications) {
      upsert.run(
        app.client_id,
        app.client_secret,
        app.redirect_uri ?? null,
        app.name ?? null,
        nowMs,
      );
    }
  });
}

export function findApplication(db: SandboxDatabase, clientId: string): Application | undefined {
  return db.sql
    .prepare(
      "SELECT client_id, client_secret, redirect_uri, name, source FROM oauth_applications WHERE client_id = ?",
    )
    .get(clientId) as Application | undefined;
}

export function listApplications(db: SandboxDatabase): Application[] {
  return db.sql
    .prepare(
      "SELECT client_id, client_secret, redirect_uri, name, source FROM oauth_applications ORDER BY created_at, client_id",
    )
    .all() as unknown as Application[];
}

/** The application whose id and secret these are, compared in constant time. */
export function authenticateApplication(
  db: SandboxDatabase,
  clientId: string,
  clientSecret: string,
): Application | undefined {
  const app = findApplication(db, clientId);
  if (!app) return undefined;
  const expected = Buffer.from(sha256(app.client_secret), "hex");
  const given = Buffer.from(sha256(clientSecret), "hex");
  return timingSafeEqual(expected, given) ? app : undefined;
}

/** A client_id that is already registered (code `application_exists`). */
export class ApplicationExistsError extends ShipbridgeError {
  constructor(clientId: string) {
    super(
      "application_exists",
      `an application with client_id ${JSON.stringify(clientId)} is already registered`,
    );
  }
}

export interface NewApplication {
  client_id?: string | undefined;
  client_secret?: string | undefined;
  redirect_uri?: string | undefined;
  name?: string | undefined;
}

/** Registers an application; missing id and secret are generated. */
export function registerApplication(
  db: SandboxDatabase,
  input: NewApplication,
  nowMs: number,
): Application {
  const app: Application = {
    client_id: input.client_id ?? `app-${randomToken(9)}`,
    client_secret: input.client_secret ?? randomToken(24),
    redirect_uri: input.redirect_uri ?? null,
    name: input.name ?? null,
    source: "admin",
  };
  db.transaction(() => {
    if (findApplication(db, app.client_id)) throw new ApplicationExistsError(app.client_id);
    db.sql
      .prepare(
        `INSERT INTO oauth_applications (client_id, client_secret, redirect_uri, name, source, created_at)
         VALUES (?, ?, ?, ?, 'admin', ?)`,
      )
      .run(app.client_id, app.client_secret, app.redirect_uri, app.name, nowMs);
  });
  return app;
}
