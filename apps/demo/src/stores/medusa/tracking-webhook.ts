// Points the Medusa store's shipping account's tracking webhook at the store
// (`/hooks/shipbridge/tracking`, with the plugin's trackingWebhookSecret), as
// its merchant would in the service's panel. The plugin does not register it
// itself; on the local sandbox the demo signs in as the merchant's demo user
// to do so. The service keeps one webhook per account.
export interface TrackingWebhookRegistration {
  readonly baseUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly username: string;
  readonly password: string;
  readonly url: string;
  readonly secret: string;
}

export function trackingWebhookRegistrar(registration: TrackingWebhookRegistration) {
  let token: { value: string; until: number } | undefined;
  const accessToken = async () => {
    if (token && token.until > Date.now()) return token.value;
    const response = await fetch(`${registration.baseUrl}/oauth/token`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        authorization: `Basic ${Buffer.from(`${registration.clientId}:${registration.clientSecret}`).toString("base64")}`,
      },
      body: new URLSearchParams({
        grant_type: "password",
        username: registration.username,
        password: registration.password,
      }),
    });
    if (!response.ok)
      throw new Error(`signing in for the tracking webhook answered ${response.status}`);
    const body = (await response.json()) as { access_token: string; expires_in: number };
    token = { value: body.access_token, until: Date.now() + (body.expires_in - 60) * 1000 };
    return token.value;
  };
  const registered = false;
  /** Registers the webhook (again when `force`, else once per run); safe to repeat. */
  return async function register(force = true): Promise<void> {
    if (registered && !force) return;
    const response = await fetch(`${registration.baseUrl}/account/tracking-webhook`, {
      method: "PUT",
      headers: {
        authorization: `Bearer ${await accessToken()}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({
        url: registration.url,
        secret: registration.secret,
        language: "pl_PL",
      }),
    });
    if (!response.ok)
      throw new Error(`registering the tracking webhook answered ${response.status}`);
  };
}
