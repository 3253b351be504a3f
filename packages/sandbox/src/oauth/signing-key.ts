// The key that signs access tokens (ES256). It is generated at the first
// start and kept in the database, so tokens stay valid across restarts with
// --data. Its public half is served at /.well-known/jwks.json.
import { exportJWK, generateKeyPair, importJWK, type JWK } from "jose";
import type { SandboxDatabase } from "../state/database.ts";

export const SIGNING_ALGORITHM = "ES256";
const META_KEY = "oauth_signing_key";

export interface SigningKey {
  readonly kid: string;
  readonly privateKey: CryptoKey;
  readonly publicKey: CryptoKey;
  readonly publicJwk: JWK;
}

const cache = new WeakMap<SandboxDatabase, Promise<SigningKey>>();

async function loadOrCreate(db: SandboxDatabase): Promise<SigningKey> {
  let stored = db.getMeta(META_KEY);
  if (stored === undefined) {
    const pair = await generateKeyPair(SIGNING_ALGORITHM, { extractable: true });
    const jwk = await exportJWK(pair.privateKey);
    jwk.kid = `sandbox-${crypto.randomUUID()}`;
    // Another start may have stored a key meanwhile; the first one wins.
    db.transaction(() => {
      if (db.getMeta(META_KEY) === undefined) db.setMeta(META_KEY, JSON.stringify(jwk));
    });
    stored = db.getMeta(META_KEY) as string;
  }
  const privateJwk = JSON.parse(stored) as JWK;
  const { d: _private, ...publicJwk } = privateJwk;
  const kid = String(privateJwk.kid);
  const privateKey = (await importJWK(privateJwk, SIGNING_ALGORITHM)) as CryptoKey;
  const publicKey = (await importJWK(publicJwk, SIGNING_ALGORITHM)) as CryptoKey;
  return {
    kid,
    privateKey,
    publicKey,
    publicJwk: { ...publicJwk, kid, alg: SIGNING_ALGORITHM, use: "sig" },
  };
}

/** The database's signing key, loaded (or created) once per database. */
export function signingKey(db: SandboxDatabase): Promise<SigningKey> {
  let key = cache.get(db);
  if (!key) {
    key = loadOrCreate(db);
    cache.set(db, key);
    key.catch(() => cache.delete(db));
  }
  return key;
}
