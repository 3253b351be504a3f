// Content negotiation of the REST API. The version is chosen by media type:
// `Accept: application/vnd.furgonetka.v1+json` or `v2+json`; `application/json`,
// `*/*` or no Accept at all mean v1. Bodies of POST and PUT carry the same
// vendor type (or plain application/json) in Content-Type. Each endpoint says
// which versions it has; asking an endpoint for a version it lacks is a 406.
// JSON answers carry the negotiated vendor type (vendorMediaType), also when
// the client asked for application/json or */*.
import { RestError } from "./rest-error.ts";

export type ApiVersion = 1 | 2;

const VENDOR = /^application\/vnd\.furgonetka\.v(\d+)\+json$/;
const GENERIC_JSON = new Set(["application/json", "application/*", "*/*"]);

interface MediaRange {
  readonly type: string;
  readonly q: number;
}

/** Splits an Accept header into media ranges, lower-cased, without parameters other than q. */
export function parseAccept(header: string | undefined): MediaRange[] {
  if (header === undefined || header.trim() === "") return [];
  const ranges: MediaRange[] = [];
  for (const part of header.split(",")) {
    const [rawType, ...params] = part.split(";").map((p) => p.trim());
    if (!rawType) continue;
    let q = 1;
    for (const param of params) {
      const [name, value] = param.split("=").map((p) => p.trim());
      if (name === "q" && value !== undefined) {
        const parsed = Number(value);
        q = Number.isFinite(parsed) ? parsed : 0;
      }
    }
    ranges.push({ type: rawType.toLowerCase(), q });
  }
  return ranges.filter((r) => r.q > 0).sort((a, b) => b.q - a.q);
}

/** The media type of a Content-Type header, lower-cased, without parameters. */
export function mediaTypeOf(header: string | undefined): string | undefined {
  const type = header?.split(";")[0]?.trim().toLowerCase();
  return type === "" ? undefined : type;
}

export interface Negotiated {
  readonly version: ApiVersion;
  /** Whether the client named the version explicitly (vendor media type). */
  readonly explicit: boolean;
  /** The non-JSON media type the client prefers, when the endpoint offers it (labels). */
  readonly alternative?: string;
}

export interface NegotiationOptions {
  readonly versions: readonly ApiVersion[];
  /** Media types besides JSON that the endpoint can produce (e.g. application/pdf). */
  readonly produces?: readonly string[];
}

/** The media type of a JSON answer in `version`, as the API's answers name it. */
export function vendorMediaType(version: ApiVersion): string {
  return `application/vnd.furgonetka.v${version}+json; charset=utf-8`;
}

function versionList(versions: readonly ApiVersion[]): string {
  return versions.map((v) => `application/vnd.furgonetka.v${v}+json`).join(", ");
}

/** Picks the answer's version and media type from Accept, or throws 406. */
export function negotiateAccept(
  header: string | undefined,
  options: NegotiationOptions,
): Negotiated {
  const ranges = parseAccept(header);
  if (ranges.length === 0) return { version: 1, explicit: false };
  const unsupported: string[] = [];
  for (const range of ranges) {
    const vendor = VENDOR.exec(range.type);
    if (vendor) {
      const version = Number(vendor[1]);
      if ((options.versions as readonly number[]).includes(version)) {
        return { version: version as ApiVersion, explicit: true };
      }
      unsupported.push(range.type);
      continue;
    }
    if (GENERIC_JSON.has(range.type)) return { version: 1, explicit: false };
    if (options.produces?.includes(range.type))
      return { version: 1, explicit: false, alternative: range.type };
    unsupported.push(range.type);
  }
  const offered = [
    versionList(options.versions),
    "application/json",
    ...(options.produces ?? []),
  ].join(", ");
  throw new RestError(406, "not_acceptable", {
    en_GB: `This endpoint cannot answer in ${unsupported.join(", ")}. It offers: ${offered}.`,
    pl_PL: `Ten zasób nie może odpowiedzieć w formacie ${unsupported.join(", ")}. Dostępne formaty: ${offered}.`,
  });
}

/**
 * Checks the Content-Type of a request body against the negotiated version.
 * A vendor type in Content-Type picks the version when Accept did not.
 */
export function negotiateContentType(
  header: string | undefined,
  accepted: Negotiated,
  options: NegotiationOptions,
): ApiVersion {
  const type = mediaTypeOf(header);
  const expected = `application/vnd.furgonetka.v${accepted.version}+json`;
  if (type === undefined) {
    throw new RestError(415, "unsupported_media_type", {
      en_GB: `The request body needs a Content-Type header: ${expected} or application/json.`,
      pl_PL: `Treść żądania wymaga nagłówka Content-Type: ${expected} lub application/json.`,
    });
  }
  if (type === "application/json") return accepted.version;
  const vendor = VENDOR.exec(type);
  if (vendor) {
    const version = Number(vendor[1]);
    if (!(options.versions as readonly number[]).includes(version)) {
      throw new RestError(415, "unsupported_media_type", {
        en_GB: `This endpoint does not take bodies of type ${type}. It takes: ${versionList(options.versions)}, application/json.`,
        pl_PL: `Ten zasób nie przyjmuje treści typu ${type}. Przyjmuje: ${versionList(options.versions)}, application/json.`,
      });
    }
    if (accepted.explicit && version !== accepted.version) {
      throw new RestError(415, "unsupported_media_type", {
        en_GB: `Content-Type ${type} does not match the version asked for in Accept (${expected}); send the same version in both.`,
        pl_PL: `Content-Type ${type} nie zgadza się z wersją z nagłówka Accept (${expected}); podaj tę samą wersję w obu.`,
      });
    }
    return version as ApiVersion;
  }
  throw new RestError(415, "unsupported_media_type", {
    en_GB: `The request body's type ${type} is not supported; send ${expected} or application/json.`,
    pl_PL: `Typ treści żądania ${type} nie jest obsługiwany; wyślij ${expected} lub application/json.`,
  });
}
