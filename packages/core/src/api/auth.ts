// What ShippingClient needs from authentication: a valid access token, and a
// way to say that the service rejected one (401), so that the provider renews
// it once before the one retry. OAuthClient fits as it is
// (`accessToken({ rejected })`); so does anything with an accessToken() method.

export interface ShippingAuth {
  /**
   * A valid access token. With `rejected`, the service has just answered 401
   * to that token: return a renewed one (or the same one when it cannot be
   * renewed, and the 401 stands).
   */
  accessToken(options?: { rejected?: string | undefined }): Promise<string>;
}

/** A provider for a token obtained elsewhere; a 401 cannot be recovered from. */
export function staticToken(token: string): ShippingAuth {
  return { accessToken: async () => token };
}
