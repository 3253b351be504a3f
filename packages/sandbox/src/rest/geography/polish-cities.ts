// The sandbox's map of Poland: real cities with their real centre coordinates,
// province, a postcode range and a handful of real streets each. The points
// data set, the cities and streets lists and address autocomplete all draw
// from this one source.
import { foldPlaceName } from "@shipbridge/core/rules";

export interface City {
  readonly name: string;
  /** Three-letter code used in point codes (as carriers do: WAW, KRA, ...). */
  readonly code: string;
  readonly province: string;
  readonly county: string;
  readonly latitude: number;
  readonly longitude: number;
  /** The first two digits of the city's postcodes, and the range of the rest. */
  readonly postcodePrefix: string;
  readonly streets: readonly string[];
}

export const POLISH_CITIES: readonly City[] = [
  {
    name: "Warszawa",
    code: "WAW",
    province: "mazowieckie",
    county: "Warszawa",
    latitude: 52.2297,
    longitude: 21.0122,
    postcodePrefix: "00",
    streets: [
      "Marszałkowska",
      "Aleje Jerozolimskie",
      "Nowy Świat",
      "Krakowskie Przedmieście",
      "Puławska",
      "Grójecka",
      "Świętokrzyska",
      "Złota",
      "Mokotowska",
      "Targowa",
    ],
  },
  {
    name: "Kraków",
    code: "KRA",
    province: "małopolskie",
    county: "Kraków",
    latitude: 50.0647,
    longitude: 19.945,
    postcodePrefix: "30",
    streets: [
      "Floriańska",
      "Grodzka",
      "Długa",
      "Karmelicka",
      "Dietla",
      "Kalwaryjska",
      "Wielicka",
      "Zakopiańska",
    ],
  },
  {
    name: "Łódź",
    code: "LOD",
    province: "łódzkie",
    county: "Łódź",
    latitude: 51.7592,
    longitude: 19.456,
    postcodePrefix: "90",
    streets: [
      "Piotrkowska",
      "Zgierska",
      "Kilińskiego",
      "Narutowicza",
      "Pomorska",
      "Rzgowska",
      "Włókniarzy",
    ],
  },
  {
    name: "Wrocław",
    code: "WRO",
    province: "dolnośląskie",
    county: "Wrocław",
    latitude: 51.1079,
    longitude: 17.0385,
    postcodePrefix: "50",
    streets: [
      "Świdnicka",
      "Legnicka",
      "Kazimierza Wielkiego",
      "Grabiszyńska",
      "Piłsudskiego",
      "Oławska",
      "Sienkiewicza",
    ],
  },
  {
    name: "Poznań",
    code: "POZ",
    province: "wielkopolskie",
    county: "Poznań",
    latitude: 52.4064,
    longitude: 16.9252,
    postcodePrefix: "60",
    streets: [
      "Półwiejska",
      "Głogowska",
      "Garbary",
      "Święty Marcin",
      "Dąbrowskiego",
      "Hetmańska",
      "Bukowska",
    ],
  },
  {
    name: "Gdańsk",
    code: "GDA",
    province: "pomorskie",
    county: "Gdańsk",
    latitude: 54.352,
    longitude: 18.6466,
    postcodePrefix: "80",
    streets: [
      "Długa",
      "Grunwaldzka",
      "Rajska",
      "Kartuska",
      "Słowackiego",
      "Chlebnicka",
      "Obrońców Wybrzeża",
    ],
  },
  {
    name: "Szczecin",
    code: "SZZ",
    province: "zachodniopomorskie",
    county: "Szczecin",
    latitude: 53.4285,
    longitude: 14.5528,
    postcodePrefix: "70",
    streets: [
      "Wojska Polskiego",
      "Jagiellońska",
      "Bohaterów Warszawy",
      "Krzywoustego",
      "Niepodległości",
      "Mickiewicza",
    ],
  },
  {
    name: "Bydgoszcz",
    code: "BYD",
    province: "kujawsko-pomorskie",
    county: "Bydgoszcz",
    latitude: 53.1235,
    longitude: 18.0084,
    postcodePrefix: "85",
    streets: ["Gdańska", "Dworcowa", "Fordońska", "Jagiellońska", "Grunwaldzka", "Kujawska"],
  },
  {
    name: "Lublin",
    code: "LUB",
    province: "lubelskie",
    county: "Lublin",
    latitude: 51.2465,
    longitude: 22.5684,
    postcodePrefix: "20",
    streets: [
      "Krakowskie Przedmieście",
      "Lipowa",
      "Narutowicza",
      "Zana",
      "Kunickiego",
      "Nadbystrzycka",
    ],
  },
  {
    name: "Białystok",
    code: "BIA",
    province: "podlaskie",
    county: "Białystok",
    latitude: 53.1325,
    longitude: 23.1688,
    postcodePrefix: "15",
    streets: [
      "Lipowa",
      "Sienkiewicza",
      "Branickiego",
      "Mickiewicza",
      "Wrocławska",
      "Zwierzyniecka",
    ],
  },
  {
    name: "Katowice",
    code: "KAT",
    province: "śląskie",
    county: "Katowice",
    latitude: 50.2649,
    longitude: 19.0238,
    postcodePrefix: "40",
    streets: [
      "Mariacka",
      "Stawowa",
      "Chorzowska",
      "Mikołowska",
      "Francuska",
      "Korfantego",
      "Warszawska",
    ],
  },
  {
    name: "Gdynia",
    code: "GDY",
    province: "pomorskie",
    county: "Gdynia",
    latitude: 54.5189,
    longitude: 18.5305,
    postcodePrefix: "81",
    streets: [
      "Świętojańska",
      "10 Lutego",
      "Władysława IV",
      "Morska",
      "Chwarznieńska",
      "Wielkopolska",
    ],
  },
  {
    name: "Częstochowa",
    code: "CZE",
    province: "śląskie",
    county: "Częstochowa",
    latitude: 50.8118,
    longitude: 19.1203,
    postcodePrefix: "42",
    streets: [
      "Aleja Najświętszej Maryi Panny",
      "Krakowska",
      "Warszawska",
      "Piłsudskiego",
      "Kilińskiego",
    ],
  },
  {
    name: "Radom",
    code: "RAD",
    province: "mazowieckie",
    county: "Radom",
    latitude: 51.4027,
    longitude: 21.1471,
    postcodePrefix: "26",
    streets: ["Żeromskiego", "Struga", "Kelles-Krauza", "Limanowskiego", "Słowackiego"],
  },
  {
    name: "Rzeszów",
    code: "RZE",
    province: "podkarpackie",
    county: "Rzeszów",
    latitude: 50.0412,
    longitude: 21.9991,
    postcodePrefix: "35",
    streets: ["3 Maja", "Grunwaldzka", "Piłsudskiego", "Rejtana", "Podkarpacka", "Krakowska"],
  },
  {
    name: "Toruń",
    code: "TOR",
    province: "kujawsko-pomorskie",
    county: "Toruń",
    latitude: 53.0138,
    longitude: 18.5984,
    postcodePrefix: "87",
    streets: ["Szeroka", "Chełmińska", "Szosa Lubicka", "Broniewskiego", "Kościuszki"],
  },
  {
    name: "Kielce",
    code: "KIE",
    province: "świętokrzyskie",
    county: "Kielce",
    latitude: 50.8661,
    longitude: 20.6286,
    postcodePrefix: "25",
    streets: ["Sienkiewicza", "Warszawska", "Paderewskiego", "Ściegiennego", "Jesionowa"],
  },
  {
    name: "Olsztyn",
    code: "OLS",
    province: "warmińsko-mazurskie",
    county: "Olsztyn",
    latitude: 53.7784,
    longitude: 20.4801,
    postcodePrefix: "10",
    streets: ["Staromiejska", "Piłsudskiego", "Warszawska", "Pieniężnego", "Dworcowa"],
  },
];

/** Lower-case, without Polish diacritics, for prefix searches that ignore them (core's fold). */
export const foldText = foldPlaceName;

export function findCity(name: string): City | undefined {
  const folded = foldText(name);
  return POLISH_CITIES.find((c) => foldText(c.name) === folded);
}

/**
 * Whether a Polish postcode ("80-831", "80831", "80 831") is in the city's
 * range. The data set knows one range per city, for the cities it has: a
 * postcode of no city here (12-345) belongs to none of them, which says
 * nothing about whether it exists.
 */
export function postcodeIsOf(postcode: string, city: City): boolean {
  return postcode.replace(/[\s\p{Pd}]/gu, "").startsWith(city.postcodePrefix);
}

/** A postcode in the city's range, deterministic for `n`. */
export function postcodeOf(city: City, n: number): string {
  return `${city.postcodePrefix}-${String(100 + (n % 900)).padStart(3, "0")}`;
}
