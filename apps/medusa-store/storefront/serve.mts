// A tiny server for the example storefront page: the page, its script
// (checkout.tsx and the picker bundled for the browser with esbuild, from the
// workspace's TypeScript source), the store API forwarded to Medusa on the
// same origin (so no CORS setting is needed), and, for trying the map
// offline, plain map tiles at /tiles/{z}/{x}/{y}.png.
//   node storefront/serve.mts   (MEDUSA_BACKEND_URL, default http://localhost:9000;
//                                STOREFRONT_PORT, default 8000)
import { readFile } from "node:fs/promises";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { build } from "esbuild";

const here = import.meta.dirname;

/** A 1×1 light grey PNG: the offline map's every tile. */
const TILE = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGPo6OgAAAMEAYFL09IoAAAAAElFTkSuQmCC",
  "base64",
);

export interface Storefront {
  readonly url: string;
  /** How many map tiles were asked for. */
  tilesServed(): number;
  close(): Promise<void>;
}

async function bundle(): Promise<string> {
  const result = await build({
    entryPoints: [`${here}/checkout.tsx`],
    bundle: true,
    write: false,
    format: "esm",
    platform: "browser",
    target: "es2022",
    jsx: "automatic",
    conditions: ["@shipbridge/source"],
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "silent",
  });
  return result.outputFiles[0]?.text ?? "";
}

async function body(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const FORWARDED = ["accept", "accept-language", "content-type", "x-publishable-api-key"];

export async function serveStorefront(options: {
  backendUrl: string;
  port?: number;
}): Promise<Storefront> {
  const [script, page] = await Promise.all([bundle(), readFile(`${here}/index.html`, "utf8")]);
  const backend = options.backendUrl.replace(/\/+$/, "");
  let tiles = 0;
  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? "/", "http://storefront").pathname;
    try {
      if (path.startsWith("/store/")) {
        const headers: Record<string, string> = {};
        for (const name of FORWARDED) {
          const value = request.headers[name];
          if (typeof value === "string") headers[name] = value;
        }
        const method = request.method ?? "GET";
        const answer = await fetch(`${backend}${request.url}`, {
          method,
          headers,
          ...(method === "GET" || method === "HEAD"
            ? {}
            : { body: new Uint8Array(await body(request)) }),
        });
        response.writeHead(answer.status, {
          "content-type": answer.headers.get("content-type") ?? "application/octet-stream",
        });
        response.end(Buffer.from(await answer.arrayBuffer()));
      } else if (/^\/tiles\/\d+\/\d+\/\d+\.png$/.test(path)) {
        tiles++;
        response.writeHead(200, { "content-type": "image/png" });
        response.end(TILE);
      } else if (path === "/checkout.js") {
        response.writeHead(200, { "content-type": "text/javascript; charset=utf-8" });
        response.end(script);
      } else if (path === "/") {
        response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        response.end(page);
      } else {
        response.writeHead(404, { "content-type": "text/plain" });
        response.end("not found");
      }
    } catch {
      response.writeHead(502, { "content-type": "text/plain" });
      response.end("the store could not be reached");
    }
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    tilesServed: () => tiles,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

if (process.argv[1] === import.meta.filename) {
  const storefront = await serveStorefront({
    backendUrl: process.env["MEDUSA_BACKEND_URL"] ?? "http://localhost:9000",
    port: Number(process.env["STOREFRONT_PORT"] ?? 8000),
  });
  console.log(
    `storefront: ${storefront.url}/?cart=<cart id>&key=<publishable key>&lang=pl&tiles=/tiles/{z}/{x}/{y}.png`,
  );
}
