/**
 * Draws demo car pictures as SVG at seed time (no downloads): a car in its body colour, by body
 * type and view, captioned with make and model. Deterministic for the same input.
 */
export type CarView = "side" | "front" | "rear";

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c);

function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const f = (v: number) => Math.max(0, Math.min(255, Math.round(v + amount * 255)));
  const r = f((n >> 16) & 255),
    g = f((n >> 8) & 255),
    b = f(n & 255);
  return `#${((r << 16) | (g << 8) | b).toString(16).padStart(6, "0")}`;
}

// Side silhouettes (viewBox 1200×800, ground at y=600): body outline and window outline per body type.
const sideShapes: Record<string, { body: string; windows: string; wheels: [number, number] }> = {
  HATCHBACK: {
    body: "M180 560 L180 470 Q190 430 260 420 L400 405 Q470 320 560 300 L790 295 Q860 300 920 400 L980 420 Q1020 430 1020 470 L1020 560 Z",
    windows: "M430 405 Q490 335 565 320 L660 318 L660 405 Z M680 318 L785 316 Q840 322 885 400 L680 405 Z",
    wheels: [330, 870],
  },
  SALOON: {
    body: "M150 560 L150 480 Q160 440 240 430 L420 410 Q500 320 590 305 L760 302 Q840 310 900 405 L1010 420 Q1050 430 1050 480 L1050 560 Z",
    windows: "M455 410 Q520 335 595 322 L680 320 L680 410 Z M700 320 L755 320 Q815 328 860 405 L700 410 Z",
    wheels: [310, 890],
  },
  STATION_WAGON: {
    body: "M150 560 L150 480 Q160 440 240 430 L420 410 Q500 320 590 300 L990 300 Q1020 310 1035 400 L1050 430 L1050 560 Z",
    windows:
      "M455 410 Q520 335 595 320 L690 318 L690 410 Z M710 318 L850 318 L850 410 L710 410 Z M870 318 L975 318 Q995 330 1005 405 L870 410 Z",
    wheels: [310, 890],
  },
  SUV: {
    body: "M160 570 L160 450 Q170 410 240 400 L400 390 Q470 280 560 260 L960 258 Q1010 265 1030 380 L1040 420 L1040 570 Z",
    windows:
      "M430 390 Q490 300 565 280 L680 278 L680 390 Z M700 278 L840 278 L840 390 L700 390 Z M860 278 L950 278 Q985 290 995 385 L860 390 Z",
    wheels: [320, 880],
  },
  COUPE: {
    body: "M150 560 L150 490 Q160 450 260 440 L460 420 Q560 330 650 320 L760 322 Q860 335 940 420 L1020 440 Q1050 450 1050 490 L1050 560 Z",
    windows: "M500 420 Q570 350 655 338 L740 338 L740 420 Z M760 338 Q840 350 895 418 L760 420 Z",
    wheels: [310, 890],
  },
  CONVERTIBLE: {
    body: "M150 560 L150 490 Q160 450 260 440 L470 430 L520 380 L540 380 L520 432 L1020 440 Q1050 450 1050 490 L1050 560 Z",
    windows: "M540 395 L560 395 L545 430 L525 430 Z",
    wheels: [310, 890],
  },
  MINIVAN: {
    body: "M160 570 L160 450 Q170 410 240 400 L330 392 Q420 270 520 255 L980 252 Q1030 260 1040 380 L1045 420 L1045 570 Z",
    windows:
      "M360 392 Q430 295 525 275 L640 273 L640 392 Z M660 273 L820 273 L820 392 L660 392 Z M840 273 L970 273 Q1000 285 1005 385 L840 392 Z",
    wheels: [310, 890],
  },
  VAN: {
    body: "M160 570 L160 430 Q170 380 230 370 L300 340 Q340 230 420 215 L1030 212 Q1050 220 1050 260 L1050 570 Z",
    windows: "M330 345 Q365 250 425 235 L560 233 L560 345 Z",
    wheels: [320, 900],
  },
  PICKUP: {
    body: "M150 570 L150 450 Q160 410 230 400 L380 390 Q440 290 520 272 L700 270 L710 400 L1050 400 L1050 570 Z",
    windows: "M410 390 Q465 305 525 290 L600 288 L600 390 Z M620 288 L690 288 L695 390 L620 390 Z",
    wheels: [310, 900],
  },
};

function wheel(cx: number): string {
  return `<g><circle cx="${cx}" cy="560" r="78" fill="#1d2329"/><circle cx="${cx}" cy="560" r="44" fill="#b8c0c8"/><circle cx="${cx}" cy="560" r="12" fill="#59636d"/></g>`;
}

function sideView(bodyType: string, color: string): string {
  const shape = sideShapes[bodyType] ?? sideShapes.HATCHBACK!;
  return `<path d="${shape.body}" fill="${color}" stroke="${shade(color, -0.25)}" stroke-width="6" stroke-linejoin="round"/>
<path d="${shape.body}" fill="url(#shine)" opacity="0.35"/>
<path d="${shape.windows}" fill="#2b3a48" opacity="0.9"/>
<rect x="${shape.wheels[0] + 150}" y="470" width="60" height="10" rx="5" fill="${shade(color, -0.3)}"/>
${wheel(shape.wheels[0])}${wheel(shape.wheels[1])}`;
}

function frontView(color: string, rear: boolean): string {
  const dark = shade(color, -0.28);
  const lights = rear ? "#c0392b" : "#fff7d6";
  return `<path d="M300 600 L300 430 Q305 380 360 360 L420 250 Q440 215 490 212 L710 212 Q760 215 780 250 L840 360 Q895 380 900 430 L900 600 Z" fill="${color}" stroke="${dark}" stroke-width="6" stroke-linejoin="round"/>
<path d="M445 250 Q455 232 490 230 L710 230 Q745 232 755 250 L800 350 L400 350 Z" fill="#2b3a48" opacity="0.9"/>
<rect x="330" y="395" width="130" height="40" rx="14" fill="${lights}" stroke="${dark}" stroke-width="4"/>
<rect x="740" y="395" width="130" height="40" rx="14" fill="${lights}" stroke="${dark}" stroke-width="4"/>
${rear ? `<rect x="520" y="470" width="160" height="44" rx="6" fill="#f4f6f8" stroke="${dark}" stroke-width="3"/>` : `<rect x="490" y="450" width="220" height="70" rx="18" fill="${dark}"/><path d="M500 470 H700 M500 490 H700" stroke="${shade(color, -0.45)}" stroke-width="6"/>`}
<rect x="300" y="540" width="600" height="28" fill="${dark}"/>
<rect x="320" y="580" width="90" height="60" rx="12" fill="#1d2329"/><rect x="790" y="580" width="90" height="60" rx="12" fill="#1d2329"/>`;
}

/** One demo car picture as an SVG document. */
export function carSvg(input: { make: string; model: string; bodyType: string; color: string; view: CarView }): string {
  const art =
    input.view === "side" ? sideView(input.bodyType, input.color) : frontView(input.color, input.view === "rear");
  const caption = escapeXml(`${input.make} ${input.model}`);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 800" width="1200" height="800">
<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#eef2f6"/><stop offset="0.72" stop-color="#dfe5ec"/><stop offset="0.72" stop-color="#c9d1da"/><stop offset="1" stop-color="#b9c2cc"/></linearGradient>
<linearGradient id="shine" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff"/><stop offset="0.5" stop-color="#fff" stop-opacity="0"/></linearGradient></defs>
<rect width="1200" height="800" fill="url(#bg)"/>
<ellipse cx="600" cy="640" rx="470" ry="26" fill="#000" opacity="0.12"/>
${art}
<text x="1140" y="752" text-anchor="end" font-family="DejaVu Sans, Arial, sans-serif" font-size="46" font-weight="700" fill="#16202a">${caption}</text>
<text x="60" y="60" font-family="DejaVu Sans, Arial, sans-serif" font-size="26" fill="#5b6673">Avtotrg · demo</text>
</svg>`;
}

/** An interior picture (dashboard and seats) in the upholstery colour. */
export function interiorSvg(input: { seatColor: string; view: "dashboard" | "seats" }): string {
  const seat = input.seatColor;
  const art =
    input.view === "dashboard"
      ? `<path d="M0 420 Q600 300 1200 420 L1200 800 L0 800 Z" fill="#2a2f35"/><circle cx="420" cy="520" r="150" fill="none" stroke="#15181c" stroke-width="34"/><circle cx="420" cy="520" r="40" fill="#15181c"/><rect x="640" y="400" width="300" height="170" rx="14" fill="#0e1a26"/><rect x="660" y="420" width="260" height="130" rx="8" fill="#1f6f8b" opacity="0.8"/><path d="M0 720 Q600 640 1200 720" stroke="${seat}" stroke-width="40" fill="none"/>`
      : `<rect x="0" y="0" width="1200" height="800" fill="#30353b"/><path d="M230 700 L250 300 Q260 220 360 220 L460 220 Q540 220 540 300 L560 700 Z" fill="${seat}"/><path d="M660 700 L680 300 Q690 220 790 220 L890 220 Q970 220 970 300 L990 700 Z" fill="${seat}"/><path d="M250 380 H540 M680 380 H970" stroke="${shade(seat, -0.2)}" stroke-width="10"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 800" width="1200" height="800"><rect width="1200" height="800" fill="#3b4148"/>${art}<text x="60" y="760" font-family="DejaVu Sans, Arial, sans-serif" font-size="28" fill="#c9d1da">Avtotrg · demo</text></svg>`;
}
