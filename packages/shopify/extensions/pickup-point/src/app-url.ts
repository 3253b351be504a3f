// Where the app runs: made by `pnpm app:toml` with shopify.app.toml (the
// buyer's pages call the app by its full address).
export const APP_URL = "https://ship.example.com";
