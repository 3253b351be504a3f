// The tracking company Shopify shows for each carrier. Always sent with a
// tracking url, since not every Polish carrier is on Shopify's list.
const COMPANIES: Record<string, string> = {
  inpost: "InPost",
  dpd: "DPD",
  dhl: "DHL Express",
  gls: "GLS",
  ups: "UPS",
  fedex: "FedEx",
  poczta: "Poczta Polska",
  orlen: "ORLEN Paczka",
};

export function trackingCompany(service: string): string {
  return COMPANIES[service.toLowerCase()] ?? service;
}
