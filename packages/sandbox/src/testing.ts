// @shipbridge/sandbox/testing: the strict readers of the files the sandbox
// writes, for tests of code that fetches its labels and protocols: PDFs read
// through their page tree and fonts' encoding (Polish letters and WinAnsi's
// punctuation as a reader shows them), ZPL checked command by command.
export {
  type PdfPageText,
  type PdfPageView,
  type PdfTextRun,
  pdfPages,
  readPdf,
} from "./rest/testing/pdf-reader.ts";
export { parseZpl, type ZplField, type ZplLabel } from "./rest/testing/zpl-parser.ts";
