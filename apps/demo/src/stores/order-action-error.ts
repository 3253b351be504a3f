// A store's refusal of an order action (a return, a pickup point change),
// with the HTTP status the dashboard answers, the store's code and message
// in the language asked, and the issues when the service refused a point.
import { ShipbridgeError } from "@shipbridge/core";

export interface ActionIssue {
  readonly path: string;
  readonly rule: string;
  readonly message: string;
}

export class OrderActionError extends ShipbridgeError {
  override readonly name = "OrderActionError";
  readonly status: 404 | 409 | 422 | 502;
  readonly issues: readonly ActionIssue[] | undefined;
  constructor(
    code: string,
    message: string,
    status: 404 | 409 | 422 | 502,
    issues?: readonly ActionIssue[],
  ) {
    super(code, message);
    this.status = status;
    this.issues = issues;
  }
}
