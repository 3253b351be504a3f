import { VERSION } from "@shipbridge/core"; export const x = VERSION;
