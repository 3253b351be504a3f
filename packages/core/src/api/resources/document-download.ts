// Downloading a document a finished documents command lists (the merged
// labels, a handover protocol): GET its `url`, asking again while the service
// answers 204 (not ready yet), as long as it says in Retry-After, until the
// deadline. The url must lie under the client's baseUrl: the request carries
// the account's token, which goes to the client's own API and nowhere else.
// Its query (a signed url's signature) is sent, but never named in an error
// or a message: they give the path alone.
import { ApiUsageError } from "../api-usage-error.ts";
import { type ClientContext, pollDeadline } from "../client-context.ts";
import { poll } from "../poll.ts";
import { parseRetryAfter } from "../retry-policy.ts";
import type { CallOptions, RawResponse } from "../transport.ts";

/** A downloaded document: its media type, bytes and, when the service names it, its file name. */
export interface DownloadedDocument {
  readonly contentType: string;
  readonly bytes: Uint8Array;
  readonly filename: string | undefined;
}

const MEDIA = { pdf: "application/pdf", zpl: "application/zpl" } as const;

/** The document's path under the client's baseUrl, or an ApiUsageError for a url elsewhere. */
function pathOf(context: ClientContext, url: string): string {
  const base = context.transport.config.baseUrl.replace(/\/+$/, "");
  if (url.startsWith("/") && !url.startsWith("//")) return url;
  if (url.startsWith(`${base}/`)) return url.slice(base.length);
  throw new ApiUsageError(
    "document.url",
    "must lie under the client's baseUrl (the request carries the account's token, which is sent to that API alone)",
  );
}

/** The file name of a Content-Disposition header, if it gives one. */
function filenameOf(headers: Headers): string | undefined {
  const disposition = headers.get("content-disposition") ?? "";
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  return match?.[1] === undefined ? undefined : decodeURIComponent(match[1]);
}

/** The path without its query: a signed url's query is a credential, never named in errors. */
function withoutQuery(path: string): string {
  const end = path.search(/[?#]/);
  return end === -1 ? path : path.slice(0, end);
}

export async function downloadDocument(
  context: ClientContext,
  document: { readonly url: string; readonly file_format?: string | null | undefined },
  options: CallOptions | undefined,
): Promise<DownloadedDocument> {
  const sent = pathOf(context, document.url);
  const path = withoutQuery(sent);
  const format = document.file_format;
  const accept =
    format === "pdf" || format === "zpl" ? MEDIA[format] : `${MEDIA.pdf}, ${MEDIA.zpl}`;
  const deadline = pollDeadline(context, options);
  return poll<DownloadedDocument>({
    ask: async () => {
      const raw: RawResponse = await context.transport.send(
        { method: "GET", path: sent, shownPath: path, accept, idempotent: true, version: 1 },
        options,
        deadline,
      );
      if (raw.status === 204 || raw.bytes === undefined) {
        const waitMs = parseRetryAfter(raw.headers.get("retry-after"), context.clock().getTime());
        return waitMs === undefined ? { done: false } : { done: false, waitMs };
      }
      const value = {
        contentType: raw.contentType,
        bytes: raw.bytes,
        filename: filenameOf(raw.headers),
      };
      return { done: true, value };
    },
    deadline,
    sleep: context.sleep,
    signal: options?.signal,
    options: context.poll,
    what: "The document",
    method: "GET",
    path,
  });
}
