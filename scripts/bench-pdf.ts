/**
 * PDF posting-sheet benchmark (npm run bench:pdf): renders the A4 sheet of a posting with 8
 * pictures 50 times after 5 warm-ups and prints median / p95 render time and the PDF size.
 * Two sets of pictures: the demo data's (8 SVG drawings) and a mix of SVG with photo-sized JPEG
 * and PNG files. Budget: median under 150 ms.
 *
 * Runs in plain Node (tsx), where Vite's `?inline` font import does not resolve, so the fonts
 * are read from disk here. Photos are encoded with sharp when it is installed (it comes with
 * miniflare); without it the bench falls back to tiny images and says so. The sheet at the edge (the built
 * Worker, the Images binding, eight 10 MB phone photos) is scripts/bench-pdf-edge.ts, the second half of bench:pdf.
 */
import { readFileSync } from "node:fs";
import { carSvg, interiorSvg } from "./lib/car-svg";
import { type PostingSheet, renderPostingSheet } from "../src/services/pdf/posting-sheet.server";

const warmups = 5;
const runs = Number(process.env.BENCH_RUNS ?? 50);
const budgetMs = 150;

const fontDir = new URL("../src/services/pdf/fonts/", import.meta.url);
const fonts = {
  regular: new Uint8Array(readFileSync(new URL("DejaVuSans.ttf", fontDir))),
  bold: new Uint8Array(readFileSync(new URL("DejaVuSans-Bold.ttf", fontDir))),
};

const utf8 = (s: string) => new TextEncoder().encode(s);
const svg = (s: string) => ({ bytes: utf8(s), mimeType: "image/svg+xml" });
const car = (view: "side" | "front" | "rear") =>
  carSvg({ make: "Škoda", model: "Octavia", bodyType: "STATION_WAGON", color: "#1f4a8a", view });
// The seed's mirrored side view (a <g transform>), as stored in R2.
const mirrored = car("side")
  .replace(/<path /, '<g transform="translate(1200 0) scale(-1 1)"><path ')
  .replace(/<text x="1140" y="752"/, '</g><text x="1140" y="752"');

const demoPictures = [
  svg(car("side")),
  svg(car("front")),
  svg(car("rear")),
  svg(mirrored),
  svg(interiorSvg({ seatColor: "#6b4a33", view: "dashboard" })),
  svg(interiorSvg({ seatColor: "#6b4a33", view: "seats" })),
  svg(car("side")),
  svg(car("front")),
];

/** A photo-like RGB picture (smooth gradients plus grain), encoded with sharp if available. */
async function photos(): Promise<{
  jpeg: Uint8Array;
  jpegSmall: Uint8Array;
  png: Uint8Array;
  printMain: Uint8Array;
  printThumb: Uint8Array;
  note: string;
}> {
  const moduleName = "sharp"; // not a declared dependency: resolved at run time only
  const sharp = (await import(moduleName).catch(() => null))?.default;
  if (!sharp) {
    const jpeg = Uint8Array.from(
      atob(
        "/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAADAAQDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAT/xAAaEAEAAQUAAAAAAAAAAAAAAAAABAECBRMk/8QAFQEBAQAAAAAAAAAAAAAAAAAABgf/xAAaEQABBQEAAAAAAAAAAAAAAAACAAEDESIx/9oADAMBAAIRAxEAPwC2LjIemnPYAmpSHfUtKU7fTr//2Q==",
      ),
      (c) => c.charCodeAt(0),
    );
    const png = Uint8Array.from(
      atob(
        "iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAA7ljmRAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAL0lEQVR4nAXBIQIAEBAAwXvJZlmWZfmyLMuy7E37LDNhwYoNO+HAxImLcOPBi48PHz4PPXn6QCUAAAAASUVORK5CYII=",
      ),
      (c) => c.charCodeAt(0),
    );
    return {
      jpeg,
      jpegSmall: jpeg,
      png,
      printMain: jpeg,
      printThumb: jpeg,
      note: "sharp not found: JPEG/PNG are 4×3 px stand-ins",
    };
  }
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const raw = (w: number, h: number) => {
    const px = new Uint8Array(w * h * 3);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const i = (y * w + x) * 3;
        const grain = (random() - 0.5) * 24;
        px[i] = 90 + 110 * (x / w) + grain;
        px[i + 1] = 120 + 80 * Math.sin((y / h) * Math.PI) + grain;
        px[i + 2] = 200 - 120 * (y / h) + grain;
      }
    }
    return sharp(px, { raw: { width: w, height: h, channels: 3 } });
  };
  const jpeg = new Uint8Array(await raw(1280, 853).jpeg({ quality: 80 }).toBuffer());
  const jpegSmall = new Uint8Array(await raw(512, 341).jpeg({ quality: 80 }).toBuffer());
  const png = new Uint8Array(await raw(512, 341).png().toBuffer());
  // What the Images binding hands the sheet (decision 063): the main photo ≤ 1,600 px, thumbnails ≤ 400 px.
  const printMain = new Uint8Array(await raw(1600, 1200).jpeg({ quality: 80 }).toBuffer());
  const printThumb = new Uint8Array(await raw(400, 300).jpeg({ quality: 80 }).toBuffer());
  return {
    jpeg,
    jpegSmall,
    png,
    printMain,
    printThumb,
    note: `JPEG 1280×853 ${(jpeg.length / 1024).toFixed(0)} KB and 512×341 ${(jpegSmall.length / 1024).toFixed(0)} KB, PNG 512×341 ${(png.length / 1024).toFixed(0)} KB`,
  };
}

// The words sl.json gives the sheet (the bench runs without paraglide).
const labels: PostingSheet["labels"] = {
  facts: "Ključni podatki",
  equipment: "Oprema",
  seller: "Prodajalec",
  scan: "Skenirajte za ogled oglasa",
  unprintable: "Slike ni mogoče natisniti",
};

function sheetWith(images: PostingSheet["images"]): PostingSheet {
  return {
    title: "Škoda Octavia Combi",
    subtitle: "2.0 TDI Style DSG",
    priceLines: ["18.990 €", "Cena brez DDV: 15.566 €", "Leasing od 219 € / mesec"],
    facts: [
      ["Številka šasije", "TMBJJ7NE8J0123456"],
      ["Prevoženi kilometri", "85.000 km"],
      ["Prva registracija", "03/2019"],
      ["Gorivo", "Dizel"],
      ["Moč motorja", "110 kW (150 KM)"],
      ["Menjalnik", "Samodejni, 7 prestav"],
      ["Pogon", "Sprednji"],
      ["Barva", "Modra kovinska"],
      ["Število lastnikov", "1"],
      ["Poraba (kombinirana)", "4,6 l/100 km"],
      ["Emisijski razred", "EURO 6d-TEMP"],
      ["Servisna knjižica", "Da"],
    ],
    equipment: [
      "Ogrevani sedeži",
      "Žaromet LED",
      "Navigacija",
      "Parkirna kamera",
      "Prilagodljivi tempomat",
      "Dvopodročna klimatska naprava",
      'Alu platišča 17"',
      "Apple CarPlay / Android Auto",
      "Senzorji za dež in luči",
      "Električno pomični stekli",
      "Vlečna kljuka",
      "Brezključno odklepanje",
      "Ogrevan volan",
      "Mrtvi kot",
      "Pomoč pri parkiranju spredaj in zadaj",
      "Električno nastavljiv voznikov sedež",
      "Ambientna osvetlitev",
      "Digitalni armaturni pult",
      "Zatemnjena zadnja stekla",
      "Strešne sani",
    ],
    seller: {
      name: "Avtohiša Kranjc d.o.o.",
      lines: [
        "Ljubljanska cesta 12",
        "4000 Kranj",
        "Prodajalec: Đurđa Kovačević",
        "04 123 45 67",
        "prodaja@avtohisa-kranjc.si",
      ],
    },
    url: "https://avtotrg.si/oglas/12345678",
    productName: "Avtotrg",
    dateText: "22. 11. 2025",
    labels,
    images,
  };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

async function bench(name: string, sheet: PostingSheet) {
  for (let i = 0; i < warmups; i++) await renderPostingSheet(sheet, fonts);
  const times: number[] = [];
  let size = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const pdf = await renderPostingSheet(sheet, fonts);
    times.push(performance.now() - started);
    size = pdf.length;
  }
  const median = percentile(times, 50);
  console.log(
    `${name.padEnd(44)} median ${median.toFixed(1).padStart(6)} ms   p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms   PDF ${(size / 1024).toFixed(1).padStart(7)} KB`,
  );
  return median;
}

const photo = await photos();
const mixed = [
  svg(car("side")),
  { bytes: photo.jpeg, mimeType: "image/jpeg" },
  svg(car("front")),
  { bytes: photo.png, mimeType: "image/png" },
  svg(car("rear")),
  { bytes: photo.jpegSmall, mimeType: "image/jpeg" },
  svg(mirrored),
  svg(interiorSvg({ seatColor: "#2d4a77", view: "seats" })),
];

console.log(
  `Posting sheet: ${runs} renders after ${warmups} warm-ups, Node ${process.version}. Photos: ${photo.note}.\n`,
);
const medians = [
  await bench("demo posting: 8 SVG pictures", sheetWith(demoPictures)),
  await bench("mixed: 5 SVG + 2 JPEG + 1 PNG", sheetWith(mixed)),
  await bench(
    "print photos: 1600 + 7 × 400 px JPEG",
    sheetWith(
      Array.from({ length: 8 }, (_, i) => ({
        // Distinct arrays: the sheet embeds each photo once, as eight different photos would be.
        bytes: (i === 0 ? photo.printMain : photo.printThumb).slice(),
        mimeType: "image/jpeg",
      })),
    ),
  ),
];
const worst = Math.max(...medians);
console.log(
  `\nBudget: median under ${budgetMs} ms: ${worst < budgetMs ? "OK" : "OVER BUDGET"} (worst median ${worst.toFixed(1)} ms)`,
);
if (worst >= budgetMs) process.exitCode = 1;
