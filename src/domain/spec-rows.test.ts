import { describe, expect, it } from "vitest";
import { electric, empty, full } from "./spec-rows.fixtures";
import { specGroups } from "./spec-rows";

describe("spec rows from the posting-field table", () => {
  it("shows the same rows, labels, order and formats as before the table (checked against the old code)", () => {
    expect(specGroups(full)).toMatchInlineSnapshot(`
      [
        {
          "key": "basic",
          "rows": [
            [
              "Znamka",
              "Volkswagen",
            ],
            [
              "Model",
              "Tiguan II",
            ],
            [
              "Izvedenka",
              "2.0 TDI Highline",
            ],
            [
              "Letnik",
              "2019",
            ],
            [
              "Stanje",
              "Rabljeno",
            ],
            [
              "Prevoženi kilometri",
              "85.000 km",
            ],
            [
              "Prva registracija",
              "03/2019",
            ],
            [
              "Država prve registracije",
              "Nemčija",
            ],
            [
              "Slovensko vozilo",
              "da",
            ],
            [
              "Število lastnikov",
              "2",
            ],
            [
              "Poškodbe",
              "Nepoškodovano",
            ],
            [
              "Servisna knjižica",
              "da",
            ],
            [
              "Številka šasije",
              "WVGZZZ5NZJW000001",
            ],
          ],
          "title": "Osnovni podatki",
        },
        {
          "key": "engine",
          "rows": [
            [
              "Gorivo",
              "Dizel",
            ],
            [
              "Moč",
              "110 kW (150 KM)",
            ],
            [
              "Prostornina motorja",
              "1.968 ccm",
            ],
            [
              "Menjalnik",
              "Avtomatski",
            ],
            [
              "Pogon",
              "Štirikolesni pogon (4x4)",
            ],
            [
              "Poraba v mestu",
              "6,4 l/100 km",
            ],
            [
              "Poraba izven mesta",
              "4,9 l/100 km",
            ],
            [
              "Kombinirana poraba",
              "5,4 l/100 km",
            ],
            [
              "Izpust CO2",
              "142 g/km",
            ],
            [
              "Emisijski razred",
              "Euro 6d",
            ],
          ],
          "title": "Motor in poraba",
        },
        {
          "key": "body",
          "rows": [
            [
              "Oblika karoserije",
              "SUV",
            ],
            [
              "Vrata",
              "5",
            ],
            [
              "Sedeži",
              "5",
            ],
            [
              "Barva",
              "Črna, kovinska",
            ],
            [
              "Streha",
              "Strešno okno",
            ],
            [
              "Barva notranjosti",
              "Črna",
            ],
            [
              "Oblazinjenje",
              "Usnje",
            ],
            [
              "Platišča",
              "Aluminijasta platišča, 18"",
            ],
            [
              "Zračne blazine",
              "8",
            ],
          ],
          "title": "Karoserija in barve",
        },
        {
          "key": "warranty",
          "rows": [
            [
              "Garancija",
              "Tovarniška garancija",
            ],
            [
              "Trajanje garancije",
              "12 mesecev",
            ],
            [
              "Regija",
              "Ljubljana",
            ],
          ],
          "title": "Garancija in lokacija",
        },
      ]
    `);
    expect(specGroups(electric)).toMatchInlineSnapshot(`
      [
        {
          "key": "basic",
          "rows": [
            [
              "Znamka",
              "Volkswagen",
            ],
            [
              "Model",
              "Tiguan",
            ],
            [
              "Izvedenka",
              "2.0 TDI Highline",
            ],
            [
              "Letnik",
              "2019",
            ],
            [
              "Stanje",
              "Rabljeno",
            ],
            [
              "Prevoženi kilometri",
              "0 km",
            ],
            [
              "Prva registracija",
              "03/2019",
            ],
            [
              "Država prve registracije",
              "Nemčija",
            ],
            [
              "Število lastnikov",
              "2",
            ],
            [
              "Poškodbe",
              "Nepoškodovano",
            ],
            [
              "Številka šasije",
              "skrita",
            ],
          ],
          "title": "Osnovni podatki",
        },
        {
          "key": "engine",
          "rows": [
            [
              "Gorivo",
              "Elektrika",
            ],
            [
              "Prostornina motorja",
              "1.968 ccm",
            ],
            [
              "Menjalnik",
              "Avtomatski",
            ],
            [
              "Pogon",
              "Štirikolesni pogon (4x4)",
            ],
            [
              "Poraba v mestu",
              "6,4 kWh/100 km",
            ],
            [
              "Poraba izven mesta",
              "4,9 kWh/100 km",
            ],
            [
              "Kombinirana poraba",
              "5,4 kWh/100 km",
            ],
            [
              "Izpust CO2",
              "0 g/km",
            ],
            [
              "Kapaciteta baterije",
              "77,5 kWh",
            ],
            [
              "Doseg",
              "520 km",
            ],
          ],
          "title": "Motor in poraba",
        },
        {
          "key": "body",
          "rows": [
            [
              "Oblika karoserije",
              "SUV",
            ],
            [
              "Vrata",
              "5",
            ],
            [
              "Sedeži",
              "5",
            ],
            [
              "Streha",
              "Strešno okno",
            ],
            [
              "Barva notranjosti",
              "Črna",
            ],
            [
              "Oblazinjenje",
              "Usnje",
            ],
            [
              "Platišča",
              "18"",
            ],
            [
              "Zračne blazine",
              "8",
            ],
          ],
          "title": "Karoserija in barve",
        },
      ]
    `);
    expect(specGroups(empty)).toEqual([]);
  });

  it("shows the trim year only when it differs from the model year", () => {
    const rowsWith = (trimYear: number | null) =>
      specGroups({ ...full, vehicle: { ...full.vehicle, trimYear } })
        .flatMap((g) => g.rows)
        .filter(([label]) => label === "Letnik izvedenke");
    expect(rowsWith(2018)).toEqual([["Letnik izvedenke", "2018"]]);
    expect(rowsWith(2019)).toEqual([]);
    expect(rowsWith(null)).toEqual([]);
  });
});
