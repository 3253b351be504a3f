// The tracking webhook's checksum covers the body as sent, so the route needs
// the raw body beside the parsed one.
import { defineMiddlewares } from "@medusajs/framework/http";

export default defineMiddlewares({
  routes: [
    {
      matcher: "/hooks/shipbridge/tracking",
      method: ["POST"],
      bodyParser: { preserveRawBody: true },
    },
  ],
});
