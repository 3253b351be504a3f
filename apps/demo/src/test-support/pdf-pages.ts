// The demo's tests read label and protocol files with the sandbox's strict
// PDF reader (its pages, each with its size in points and the texts it
// shows), and count the labels of a ZPL file.
export { pdfPages } from "@shipbridge/sandbox/testing";

/** The labels of a ZPL file: its `^XA ... ^XZ` blocks. */
export function zplLabels(bytes: Uint8Array): string[] {
  const source = Buffer.from(bytes).toString("latin1");
  return [...source.matchAll(/\^XA[\s\S]*?\^XZ/g)].map((match) => match[0]);
}
