// The one function of react-dom the example page calls, typed here (the
// workspace has no @types/react-dom).
declare module "react-dom/client" {
  import type { ReactNode } from "react";
  export function createRoot(container: Element): {
    render(node: ReactNode): void;
    unmount(): void;
  };
}
