// Serves a folder's files (the dashboard's browser files) with their content
// types; `/` is index.html. Paths never leave the folder.
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, sep } from "node:path";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
};

export async function staticFile(root: string, pathname: string): Promise<Response | undefined> {
  let relative: string;
  try {
    relative = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (relative.endsWith("/")) relative += "index.html";
  const file = normalize(join(root, relative));
  if (file !== root && !file.startsWith(root + sep)) return undefined;
  try {
    if (!(await stat(file)).isFile()) return undefined;
    const body = await readFile(file);
    return new Response(body, {
      headers: {
        "content-type": TYPES[extname(file)] ?? "application/octet-stream",
        "cache-control": "no-cache",
      },
    });
  } catch {
    return undefined;
  }
}
