// Where the admin downloads a fulfillment's label (the plugin's admin route).
export function labelPath(fulfillmentId: string): string {
  return `/admin/shipbridge/fulfillments/${encodeURIComponent(fulfillmentId)}/label`;
}
