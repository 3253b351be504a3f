// A few well-known places outside Poland, one or more per world region, so
// that address autocomplete narrowed by `regions` or `country_code` has
// something to find abroad. Polish places come from the sandbox's map.
export interface ForeignPlace {
  readonly street: string;
  readonly postcode: string;
  readonly city: string;
  readonly country_code: string;
}

export const FOREIGN_PLACES: readonly ForeignPlace[] = [
  { street: "Unter den Linden 1", postcode: "10117", city: "Berlin", country_code: "DE" },
  { street: "Karlova 1", postcode: "110 00", city: "Praha", country_code: "CZ" },
  { street: "Kärntner Straße 1", postcode: "1010", city: "Wien", country_code: "AT" },
  { street: "Gedimino prospektas 1", postcode: "01103", city: "Vilnius", country_code: "LT" },
  { street: "Rue de Rivoli 1", postcode: "75001", city: "Paris", country_code: "FR" },
  { street: "Baker Street 221", postcode: "NW1 6XE", city: "London", country_code: "GB" },
  { street: "Khreshchatyk 1", postcode: "01001", city: "Kyiv", country_code: "UA" },
  { street: "Broadway 1", postcode: "10004", city: "New York", country_code: "US" },
  { street: "Yonge Street 1", postcode: "M5E 1W7", city: "Toronto", country_code: "CA" },
  { street: "Avenida Paulista 1", postcode: "01310-100", city: "São Paulo", country_code: "BR" },
  { street: "Chuo-dori 1", postcode: "104-0061", city: "Tokyo", country_code: "JP" },
  { street: "Kenyatta Avenue 1", postcode: "00100", city: "Nairobi", country_code: "KE" },
  { street: "George Street 1", postcode: "2000", city: "Sydney", country_code: "AU" },
];
