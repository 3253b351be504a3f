// The query string Shopify sends back to an app's OAuth callback: the
// published helper of @shipbridge/shopify/testing.
export { signedCallbackQuery } from "../testing/auth-callback-query.ts";
