// Reads and discards the rest of a refused request's body before the answer
// goes out. A server that answers 413 and closes while the client is still
// sending makes the client fail with EPIPE or a reset instead of reading the
// 413; draining first lets it finish sending, then read the answer, which
// closes the connection (its body was never parsed). Bounded in bytes and
// time, so a client that never stops is cut off.
import type { IncomingMessage } from "node:http";
import type { Context } from "hono";

const MAX_DRAIN_BYTES = 16 * 1024 * 1024;
const MAX_DRAIN_MS = 5_000;

export function drainRequest(c: Context): Promise<void> {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming || incoming.readableEnded || incoming.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let bytes = 0;
    const done = () => {
      clearTimeout(timer);
      incoming.off("data", onData);
      incoming.off("end", done);
      incoming.off("error", done);
      incoming.off("close", done);
      incoming.off("pause", onPause);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > MAX_DRAIN_BYTES) done();
    };
    // The body's web stream, which nobody reads any more, pauses it when full.
    const onPause = () => setImmediate(() => incoming.resume());
    const timer = setTimeout(done, MAX_DRAIN_MS);
    incoming.on("data", onData);
    incoming.on("end", done);
    incoming.on("error", done);
    incoming.on("close", done);
    incoming.on("pause", onPause);
    incoming.resume();
  });
}
