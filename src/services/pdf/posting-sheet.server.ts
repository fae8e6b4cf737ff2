/**
 * The printable A4 sheet of a car posting (photo, price, key facts, equipment, seller, QR code),
 * drawn with pdf-lib. Runs in workerd and Node: no fs, no Buffer, no canvas. All visible words
 * come from the caller (`labels`, already formatted values), so the module is language-neutral.
 */
import fontkit from "@pdf-lib/fontkit";
import {
  CustomFontSubsetEmbedder,
  type Color,
  type PDFFont,
  type PDFImage,
  type PDFPage,
  LineJoinStyle,
  PDFDocument,
  PDFString,
  clip,
  concatTransformationMatrix,
  endPath,
  fill,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  setFillingRgbColor,
  setLineJoin,
} from "pdf-lib";
import QRCode from "qrcode";

export type PostingSheet = {
  title: string;
  subtitle: string | null;
  /** The first line is the headline price (large, bold); the rest are smaller notes. */
  priceLines: string[];
  /** Label and formatted value pairs, in display order. */
  facts: [string, string][];
  equipment: string[];
  seller: { name: string; lines: string[] };
  /** Public URL of the posting: printed and encoded in the QR code. */
  url: string;
  productName: string;
  dateText: string;
  labels: { facts: string; equipment: string; seller: string; scan: string };
  /** The first is the main photo, up to 7 more become thumbnails. JPEG, PNG or SVG. */
  images: { bytes: Uint8Array; mimeType: string }[];
};

// ------------------------------------------------------------------ page geometry and palette

const PAGE_W = 595.28;
const PAGE_H = 841.89;
const MARGIN = 36;
const BOTTOM_MARGIN = 30;
const CONTENT_W = PAGE_W - 2 * MARGIN;
const HEADER_H = 40;
const PHOTO_H = 250;
const THUMB_COUNT = 7;
const THUMB_GAP = 6;
const QR_SIZE = 90;
const QR_QUIET_ZONE = 4;
const URL_WIDTH = 200;

const hexColor = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
};
// The site's Tailwind palette (src/styles), so the print matches the pages.
const INK = hexColor("#16202a");
const MUTED = hexColor("#5b6673");
const LINE = hexColor("#e3e7ec");
const SURFACE = hexColor("#f6f7f9");
const BRAND = hexColor("#0f5f5c");
const BRAND_SOFT = hexColor("#eefaf8");
const WHITE = rgb(1, 1, 1);
const PLACEHOLDER = hexColor("#d9dee4");

// ------------------------------------------------------------------ text layout

type TextStyle = { font: PDFFont; size: number; color: Color };
const ELLIPSIS = "…";

// Control characters would be encoded as .notdef boxes (and pdf-lib treats \n as a line break);
// NFC turns a decomposed "c + ˇ" into the single glyph "č" (there is no mark shaping).
const clean = (s: string) => s.normalize("NFC").replace(/[\u0000-\u001f\u007f]+/g, " ").replace(/\s+/g, " ").trim();

// Every measurement is a font layout: wrapping and ellipsizing repeat many of them.
const unitWidths = new WeakMap<PDFFont, Map<string, number>>();
function widthOf(s: string, st: TextStyle): number {
  let cache = unitWidths.get(st.font);
  if (!cache) unitWidths.set(st.font, (cache = new Map()));
  let unit = cache.get(s);
  if (unit === undefined) cache.set(s, (unit = st.font.widthOfTextAtSize(s, 1)));
  return unit * st.size;
}
const lineHeight = (st: TextStyle, factor = 1.25) => st.size * factor;
/** Distance from the top of a line box to its baseline. */
const ascent = (st: TextStyle) => st.font.heightAtSize(st.size, { descender: false });

/** Shortens `s` with "…" until it fits (binary search: each measurement is a font layout). */
function ellipsize(s: string, st: TextStyle, width: number): string {
  if (widthOf(s, st) <= width) return s;
  const chars = Array.from(s);
  let lo = 0;
  let hi = chars.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (widthOf(chars.slice(0, mid).join("").trimEnd() + ELLIPSIS, st) <= width) lo = mid;
    else hi = mid - 1;
  }
  return chars.slice(0, lo).join("").trimEnd() + ELLIPSIS;
}

/** Greedy word wrap; a word wider than the line (a URL, a VIN) is broken between characters. */
function wrap(text: string, st: TextStyle, width: number, maxLines = Infinity): string[] {
  const words = clean(text).split(" ").filter(Boolean);
  const space = widthOf(" ", st);
  const lines: string[] = [];
  let line = "";
  let lineW = 0;
  const push = () => {
    if (line) lines.push(line);
    line = "";
    lineW = 0;
  };
  for (const word of words) {
    const w = widthOf(word, st);
    // Words are measured one by one: allow for rounding against a width measured as a whole.
    if (line && lineW + space + w <= width + 0.01) {
      line += ` ${word}`;
      lineW += space + w;
      continue;
    }
    push();
    if (w <= width + 0.01) {
      line = word;
      lineW = w;
      continue;
    }
    let chunk = "";
    for (const ch of word) {
      if (chunk && widthOf(chunk + ch, st) > width) {
        lines.push(chunk);
        chunk = "";
      }
      chunk += ch;
    }
    line = chunk;
    lineW = widthOf(chunk, st);
  }
  push();
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = ellipsize(`${kept[maxLines - 1]}${ELLIPSIS}`, st, width);
    return kept;
  }
  return lines;
}

/** Draws lines whose first line box starts at `top` (measured from the top of the page). */
function drawLines(page: PDFPage, lines: string[], st: TextStyle, x: number, top: number, opts: { align?: "left" | "right"; width?: number; factor?: number } = {}): number {
  const lh = lineHeight(st, opts.factor);
  lines.forEach((line, i) => {
    const dx = opts.align === "right" ? (opts.width ?? 0) - widthOf(line, st) : 0;
    page.drawText(line, { x: x + dx, y: PAGE_H - (top + i * lh + ascent(st)), font: st.font, size: st.size, color: st.color });
  });
  return lines.length * lh;
}

/** A section title with a brand-coloured rule; returns its height. */
function drawSectionTitle(page: PDFPage, title: string, st: TextStyle, x: number, top: number, width: number): number {
  drawLines(page, [ellipsize(clean(title), st, width)], st, x, top);
  const ruleTop = top + lineHeight(st) + 1;
  page.drawRectangle({ x, y: PAGE_H - ruleTop - 0.8, width, height: 0.8, color: BRAND });
  return ruleTop + 6 - top;
}

// ------------------------------------------------------------------ images

type Box = { x: number; y: number; width: number; height: number };
type ImageKind = "jpeg" | "png" | "svg";

/** Trusts the bytes over the declared type (uploads are often mislabelled). */
function imageKind(image: { bytes: Uint8Array; mimeType: string }): ImageKind | null {
  const b = image.bytes;
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "jpeg";
  if (b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return "png";
  const head = new TextDecoder().decode(b.subarray(0, 512));
  if (image.mimeType.includes("svg") || /<svg[\s>]/.test(head)) return "svg";
  return null;
}

const fitInto = (w: number, h: number, box: Box): Box => {
  const s = Math.min(box.width / w, box.height / h);
  return { x: box.x + (box.width - w * s) / 2, y: box.y + (box.height - h * s) / 2, width: w * s, height: h * s };
};

/** Draws one picture letterboxed into `box`; anything unreadable becomes a grey box. */
async function drawPicture(doc: PDFDocument, page: PDFPage, image: PostingSheet["images"][number], box: Box, cache: Map<Uint8Array, PDFImage>): Promise<void> {
  page.drawRectangle({ ...box, color: SURFACE });
  try {
    const kind = imageKind(image);
    if (kind === "svg") {
      drawSvg(page, new TextDecoder().decode(image.bytes), box);
      return;
    }
    if (!kind) throw new Error(`unsupported image type ${image.mimeType}`);
    let embedded = cache.get(image.bytes);
    if (!embedded) {
      embedded = kind === "jpeg" ? await doc.embedJpg(image.bytes) : await doc.embedPng(image.bytes);
      cache.set(image.bytes, embedded);
    }
    page.drawImage(embedded, fitInto(embedded.width, embedded.height, box));
  } catch {
    page.drawRectangle({ ...box, color: PLACEHOLDER });
  }
}

// ------------------------------------------------------------------ SVG subset → PDF
// Covers what scripts/lib/car-svg.ts (the demo pictures) emits: svg/viewBox, g (with transform,
// as in the mirrored seed picture), rect (rx), circle, ellipse, path, polygon/polyline/line,
// linearGradient (flattened to one colour), fill/stroke/opacity attributes. Text is skipped.

type Matrix = [number, number, number, number, number, number];
type XmlNode = { name: string; attrs: Record<string, string>; children: XmlNode[] };
type Paint = { color: Color; opacity: number };

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
// m1 ∘ m2: m2 applies first (PDF/SVG [a b c d e f] convention).
const multiply = (m1: Matrix, m2: Matrix): Matrix => [
  m1[0] * m2[0] + m1[2] * m2[1],
  m1[1] * m2[0] + m1[3] * m2[1],
  m1[0] * m2[2] + m1[2] * m2[3],
  m1[1] * m2[2] + m1[3] * m2[3],
  m1[0] * m2[4] + m1[2] * m2[5] + m1[4],
  m1[1] * m2[4] + m1[3] * m2[5] + m1[5],
];
const isIdentity = (m: Matrix) => m.every((v, i) => Math.abs(v - IDENTITY[i]!) < 1e-9);

const numbersIn = (s: string) => (s.match(/[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/g) ?? []).map(Number);
const num = (v: string | undefined, fallback = 0) => {
  const n = v === undefined ? Number.NaN : Number.parseFloat(v);
  return Number.isFinite(n) ? n : fallback;
};

function parseTransform(value: string | undefined): Matrix {
  let m = IDENTITY;
  for (const [, name, args] of (value ?? "").matchAll(/(\w+)\s*\(([^)]*)\)/g)) {
    const a = numbersIn(args ?? "");
    const [p0 = 0, p1, p2 = 0, p3 = 0, p4 = 0, p5 = 0] = a;
    let t: Matrix = IDENTITY;
    if (name === "matrix" && a.length === 6) t = [p0, p1 ?? 0, p2, p3, p4, p5];
    else if (name === "translate") t = [1, 0, 0, 1, p0, p1 ?? 0];
    else if (name === "scale") t = [p0, 0, 0, p1 ?? p0, 0, 0];
    else if (name === "rotate") {
      const r = (p0 * Math.PI) / 180;
      const [cx, cy] = [p1 ?? 0, p2];
      t = multiply(multiply([1, 0, 0, 1, cx, cy], [Math.cos(r), Math.sin(r), -Math.sin(r), Math.cos(r), 0, 0]), [1, 0, 0, 1, -cx, -cy]);
    } else if (name === "skewX") t = [1, 0, Math.tan((p0 * Math.PI) / 180), 1, 0, 0];
    else if (name === "skewY") t = [1, Math.tan((p0 * Math.PI) / 180), 0, 1, 0, 0];
    m = multiply(m, t);
  }
  return m;
}

/** A forgiving tag tokenizer: enough for machine-written SVG, never throws on odd input. */
function parseXml(source: string): XmlNode | null {
  const root: XmlNode = { name: "#root", attrs: {}, children: [] };
  const stack = [root];
  const text = source.replace(/<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>|<!DOCTYPE[^>]*>/gi, "");
  for (const [, closing, rawName, rawAttrs, selfClosing] of text.matchAll(/<(\/?)([A-Za-z][^\s/>]*)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>/g)) {
    const name = rawName?.replace(/^svg:/, "");
    if (!name) continue;
    if (closing) {
      const at = stack.map((n) => n.name).lastIndexOf(name);
      if (at > 0) stack.length = at;
      continue;
    }
    const attrs: Record<string, string> = {};
    for (const [, key, dq, sq] of (rawAttrs ?? "").matchAll(/([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
      if (key) attrs[key] = dq ?? sq ?? "";
    }
    // Inline style wins over presentation attributes, as in SVG.
    for (const decl of (attrs.style ?? "").split(";")) {
      const [k, ...v] = decl.split(":");
      if (k?.trim() && v.length) attrs[k.trim()] = v.join(":").trim();
    }
    const node: XmlNode = { name, attrs, children: [] };
    stack[stack.length - 1]!.children.push(node);
    if (!selfClosing) stack.push(node);
  }
  const find = (n: XmlNode): XmlNode | null => (n.name === "svg" ? n : n.children.reduce<XmlNode | null>((hit, c) => hit ?? find(c), null));
  return find(root);
}

const NAMED_COLORS: Record<string, string> = { black: "#000000", white: "#ffffff", red: "#ff0000", green: "#008000", blue: "#0000ff", gray: "#808080", grey: "#808080", silver: "#c0c0c0", yellow: "#ffff00", orange: "#ffa500" };

/** Parses a CSS colour to rgb() plus its own alpha; null for none or anything unknown. */
function parseColor(value: string): Paint | null {
  const v = value.trim().toLowerCase();
  const hex = NAMED_COLORS[v] ?? v;
  if (/^#[0-9a-f]{3,4}$/.test(hex)) return parseColor(`#${[...hex.slice(1)].map((c) => c + c).join("")}`);
  if (/^#[0-9a-f]{6}([0-9a-f]{2})?$/.test(hex)) {
    const n = Number.parseInt(hex.slice(1, 7), 16);
    return { color: rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255), opacity: hex.length === 9 ? Number.parseInt(hex.slice(7), 16) / 255 : 1 };
  }
  const fn = /^(rgba?|hsla?)\(([^)]*)\)$/.exec(v);
  if (!fn) return null;
  // Channels may be "255" or "100%"; the optional fourth value is the alpha.
  const args = fn[2]!.trim().split(/[\s,/]+/);
  const channel = (i: number, scale: number) => {
    const arg = args[i] ?? "0";
    return arg.endsWith("%") ? Number.parseFloat(arg) / 100 : Number.parseFloat(arg) / scale;
  };
  const opacity = args.length > 3 ? clamp01(channel(3, 1)) : 1;
  if (fn[1]!.startsWith("rgb")) return { color: rgb(clamp01(channel(0, 255)), clamp01(channel(1, 255)), clamp01(channel(2, 255))), opacity };
  // hsl → rgb (the CSS Color 4 formula); s and l are percentages.
  const h = Number.parseFloat(args[0] ?? "0");
  const [s, l] = [clamp01(channel(1, 100)), clamp01(channel(2, 100))];
  const k = (n: number) => (n + h / 30) % 12;
  const f = (n: number) => l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  return { color: rgb(clamp01(f(0)), clamp01(f(8)), clamp01(f(4))), opacity };
}
const clamp01 = (x: number) => Math.max(0, Math.min(1, Number.isFinite(x) ? x : 0));

/**
 * Rewrites path data as absolute M/L/C/A/Z: pdf-lib turns Q/T into a `v` curve (the wrong
 * cubic), so quadratic segments are converted here exactly, tracking the current point.
 */
function normalizePath(d: string): string {
  const tokens = d.match(/[MmLlHhVvCcSsQqTtAaZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/g) ?? [];
  const out: string[] = [];
  const f = (n: number) => String(Math.round(n * 1000) / 1000);
  let i = 0;
  let cmd = "";
  let [x, y, sx, sy] = [0, 0, 0, 0];
  let lastCubic: [number, number] | null = null;
  let lastQuad: [number, number] | null = null;
  const next = () => {
    const n = Number(tokens[i++]);
    if (!Number.isFinite(n)) throw new Error("bad path data");
    return n;
  };
  // S and T mirror the previous segment's control point (or use the current point).
  const reflect = (ctrl: [number, number] | null): [number, number] => (ctrl ? [2 * x - ctrl[0], 2 * y - ctrl[1]] : [x, y]);
  const cubic = (c1x: number, c1y: number, c2x: number, c2y: number, ex: number, ey: number) => {
    out.push(`C${f(c1x)} ${f(c1y)} ${f(c2x)} ${f(c2y)} ${f(ex)} ${f(ey)}`);
    [x, y] = [ex, ey];
  };
  while (i < tokens.length) {
    if (/[A-Za-z]/.test(tokens[i]!)) cmd = tokens[i++]!;
    else if (!cmd || cmd === "Z" || cmd === "z") throw new Error("bad path data");
    const rel = cmd === cmd.toLowerCase();
    const [ox, oy] = rel ? [x, y] : [0, 0];
    let cubicCtrl: [number, number] | null = null;
    let quadCtrl: [number, number] | null = null;
    switch (cmd.toUpperCase()) {
      case "Z":
        out.push("Z");
        [x, y] = [sx, sy];
        break;
      case "M":
        [x, y] = [ox + next(), oy + next()];
        [sx, sy] = [x, y];
        out.push(`M${f(x)} ${f(y)}`);
        cmd = rel ? "l" : "L"; // further pairs are implicit line-tos
        break;
      case "L":
        [x, y] = [ox + next(), oy + next()];
        out.push(`L${f(x)} ${f(y)}`);
        break;
      case "H":
        x = ox + next();
        out.push(`L${f(x)} ${f(y)}`);
        break;
      case "V":
        y = oy + next();
        out.push(`L${f(x)} ${f(y)}`);
        break;
      case "C":
      case "S": {
        const [c1x, c1y] = cmd.toUpperCase() === "C" ? [ox + next(), oy + next()] : reflect(lastCubic);
        const [c2x, c2y, ex, ey] = [ox + next(), oy + next(), ox + next(), oy + next()];
        cubicCtrl = [c2x, c2y] as [number, number]; // the assertion stops a circular inference via lastCubic
        cubic(c1x, c1y, c2x, c2y, ex, ey);
        break;
      }
      case "Q":
      case "T": {
        const [qx, qy] = cmd.toUpperCase() === "Q" ? [ox + next(), oy + next()] : reflect(lastQuad);
        const [ex, ey] = [ox + next(), oy + next()];
        quadCtrl = [qx, qy] as [number, number]; // (same, via lastQuad)
        cubic(x + (2 / 3) * (qx - x), y + (2 / 3) * (qy - y), ex + (2 / 3) * (qx - ex), ey + (2 / 3) * (qy - ey), ex, ey);
        break;
      }
      case "A": {
        const [rx, ry, rot, large, sweep] = [next(), next(), next(), next(), next()];
        [x, y] = [ox + next(), oy + next()];
        out.push(`A${f(rx)} ${f(ry)} ${f(rot)} ${large ? 1 : 0} ${sweep ? 1 : 0} ${f(x)} ${f(y)}`);
        break;
      }
      default:
        throw new Error("bad path data");
    }
    lastCubic = cubicCtrl;
    lastQuad = quadCtrl;
  }
  return out.join(" ");
}

/** Mean of the piecewise-linear opacity over offsets 0…1 (padded with the end stops, as in SVG). */
function meanOpacity(stops: { offset: number; opacity: number }[]): number {
  if (!stops.length) return 1;
  // Offsets never decrease: SVG clamps each to the largest offset before it.
  let max = 0;
  const pts = stops.map((st) => ({ offset: (max = Math.max(max, st.offset)), opacity: st.opacity }));
  let area = pts[0]!.offset * pts[0]!.opacity + (1 - pts[pts.length - 1]!.offset) * pts[pts.length - 1]!.opacity;
  for (let i = 1; i < pts.length; i++) area += ((pts[i]!.offset - pts[i - 1]!.offset) * (pts[i]!.opacity + pts[i - 1]!.opacity)) / 2;
  return clamp01(area);
}

// Everything else (text, defs, use, image, nested svg, …) is skipped with its children.
const SHAPES = new Set(["rect", "circle", "ellipse", "path", "polygon", "polyline", "line"]);

type Inherited = { fill: string; stroke: string; strokeWidth: string; fillOpacity: string; strokeOpacity: string; lineJoin: string | undefined; opacity: number; transform: Matrix };

/** Draws an SVG document letterboxed into `box`. Throws on documents it cannot size. */
function drawSvg(page: PDFPage, source: string, box: Box): void {
  const svg = parseXml(source);
  if (!svg) throw new Error("no <svg> element");
  const vb = numbersIn(svg.attrs.viewBox ?? "");
  const [vx, vy, vw, vh] = vb.length === 4 ? (vb as [number, number, number, number]) : [0, 0, num(svg.attrs.width, 300), num(svg.attrs.height, 150)];
  if (!(vw > 0 && vh > 0)) throw new Error("SVG without a size");

  // Gradients are flattened to one paint: the first stop's colour (as specified for this
  // converter) with the gradient's mean opacity, so a white "shine" that fades out over half
  // the shape tints it slightly instead of washing the whole car out.
  const gradients = new Map<string, Paint>();
  const collect = (n: XmlNode) => {
    if ((n.name === "linearGradient" || n.name === "radialGradient") && n.attrs.id) {
      const stops = n.children
        .filter((c) => c.name === "stop")
        .map((c) => ({ offset: clamp01(num(c.attrs.offset?.endsWith("%") ? String(num(c.attrs.offset) / 100) : c.attrs.offset)), paint: parseColor(c.attrs["stop-color"] ?? "black"), opacity: clamp01(num(c.attrs["stop-opacity"], 1)) }));
      const first = stops[0];
      if (first?.paint) gradients.set(n.attrs.id, { color: first.paint.color, opacity: meanOpacity(stops.map((st) => ({ offset: st.offset, opacity: st.opacity * (st.paint?.opacity ?? 0) }))) });
    }
    n.children.forEach(collect);
  };
  collect(svg);

  // SVG user space → page: uniform scale, centred (preserveAspectRatio xMidYMid meet), y down.
  const s = Math.min(box.width / vw, box.height / vh);
  const ox = box.x + (box.width - vw * s) / 2 - vx * s;
  const oy = box.y + box.height - (box.height - vh * s) / 2 + vy * s;
  const toPage: Matrix = [s, 0, 0, -s, ox, oy];
  const fromPage: Matrix = [1 / s, 0, 0, -1 / s, -ox / s, oy / s];

  const paintOf = (value: string, opacity: number): Paint | null => {
    const url = /^url\(\s*['"]?#([^'")]+)['"]?\s*\)/.exec(value.trim());
    const base = url ? gradients.get(url[1]!) : parseColor(value);
    if (!base) return null;
    const alpha = clamp01(base.opacity * opacity);
    return alpha > 0 ? { color: base.color, opacity: alpha } : null;
  };

  const drawElement = (n: XmlNode, st: Inherited) => {
    const a = n.attrs;
    const fillPaint = paintOf(st.fill, num(st.fillOpacity, 1) * st.opacity);
    const strokePaint = paintOf(st.stroke, num(st.strokeOpacity, 1) * st.opacity);
    const strokeWidth = num(st.strokeWidth, 1);
    const stroking = strokePaint && strokeWidth > 0 ? strokePaint : null;
    if (!fillPaint && !stroking) return;
    // pdf-lib treats a present-but-undefined `color` as "fill", so only set keys that apply.
    const paint = (widthScale: number) => ({
      ...(fillPaint ? { color: fillPaint.color, opacity: fillPaint.opacity } : {}),
      ...(stroking ? { borderColor: stroking.color, borderOpacity: stroking.opacity, borderWidth: strokeWidth * widthScale } : {}),
    });
    const px = (x: number) => ox + s * x;
    const py = (y: number) => oy - s * y;
    const asPath = (d: string) => page.drawSvgPath(normalizePath(d), { x: ox, y: oy, scale: s, ...paint(1) });

    // A transform or line join is applied around the call: `cm` conjugated into page space.
    const wrapped = !isIdentity(st.transform) || st.lineJoin === "round" || st.lineJoin === "bevel";
    if (wrapped) {
      page.pushOperators(pushGraphicsState());
      if (!isIdentity(st.transform)) page.pushOperators(concatTransformationMatrix(...multiply(multiply(toPage, st.transform), fromPage)));
      if (st.lineJoin === "round" || st.lineJoin === "bevel") page.pushOperators(setLineJoin(st.lineJoin === "round" ? LineJoinStyle.Round : LineJoinStyle.Bevel));
    }
    try {
      switch (n.name) {
        case "rect": {
          const [x, y, w, h] = [num(a.x), num(a.y), num(a.width), num(a.height)];
          if (!(w > 0 && h > 0)) return;
          const rx = Math.min(num(a.rx, num(a.ry)), w / 2);
          const ry = Math.min(num(a.ry, num(a.rx)), h / 2);
          if (rx > 0 && ry > 0) {
            const arc = (ex: number, ey: number) => `A${rx} ${ry} 0 0 1 ${ex} ${ey}`;
            asPath(`M${x + rx} ${y} H${x + w - rx} ${arc(x + w, y + ry)} V${y + h - ry} ${arc(x + w - rx, y + h)} H${x + rx} ${arc(x, y + h - ry)} V${y + ry} ${arc(x + rx, y)} Z`);
          } else {
            page.drawRectangle({ x: px(x), y: py(y + h), width: w * s, height: h * s, ...paint(s) });
          }
          break;
        }
        case "circle": {
          const r = num(a.r);
          if (r > 0) page.drawCircle({ x: px(num(a.cx)), y: py(num(a.cy)), size: r * s, ...paint(s) });
          break;
        }
        case "ellipse": {
          const [rx, ry] = [num(a.rx), num(a.ry)];
          if (rx > 0 && ry > 0) page.drawEllipse({ x: px(num(a.cx)), y: py(num(a.cy)), xScale: rx * s, yScale: ry * s, ...paint(s) });
          break;
        }
        case "path":
          if (a.d?.trim()) asPath(a.d);
          break;
        case "polygon":
        case "polyline": {
          const p = numbersIn(a.points ?? "");
          if (p.length >= 4) asPath(`M${p.slice(0, 2).join(" ")} L${p.slice(2, p.length - (p.length % 2)).join(" ")}${n.name === "polygon" ? " Z" : ""}`);
          break;
        }
        case "line":
          asPath(`M${num(a.x1)} ${num(a.y1)} L${num(a.x2)} ${num(a.y2)}`);
          break;
      }
    } finally {
      if (wrapped) page.pushOperators(popGraphicsState());
    }
  };

  const walk = (n: XmlNode, parent: Inherited) => {
    const a = n.attrs;
    const st: Inherited = {
      fill: a.fill ?? parent.fill,
      stroke: a.stroke ?? parent.stroke,
      strokeWidth: a["stroke-width"] ?? parent.strokeWidth,
      fillOpacity: a["fill-opacity"] ?? parent.fillOpacity,
      strokeOpacity: a["stroke-opacity"] ?? parent.strokeOpacity,
      lineJoin: a["stroke-linejoin"] ?? parent.lineJoin,
      // Group opacity is approximated by multiplying it into each child.
      opacity: parent.opacity * clamp01(num(a.opacity, 1)),
      transform: a.transform ? multiply(parent.transform, parseTransform(a.transform)) : parent.transform,
    };
    if (a.display === "none" || a.visibility === "hidden") return;
    if (n.name === "g" || n === svg) n.children.forEach((c) => walk(c, st));
    else if (SHAPES.has(n.name)) drawElement(n, st);
  };

  // Clip to the picture box: shapes may reach outside the viewBox.
  page.pushOperators(pushGraphicsState(), rectangle(box.x, box.y, box.width, box.height), clip(), endPath());
  try {
    walk(svg, { fill: "black", stroke: "none", strokeWidth: "1", fillOpacity: "1", strokeOpacity: "1", lineJoin: undefined, opacity: 1, transform: IDENTITY });
  } finally {
    page.pushOperators(popGraphicsState());
  }
}

// ------------------------------------------------------------------ QR code

/** The QR symbol for `url` (error correction M), row by row, true = dark; no quiet zone. */
export function qrMatrix(url: string): boolean[][] {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: "M" });
  return Array.from({ length: modules.size }, (_, row) => Array.from({ length: modules.size }, (_, col) => Boolean(modules.get(row, col))));
}

/**
 * One filled path of `re` squares, one per dark module: vector, crisp at any zoom, and with no
 * hairline seams between neighbours (a single fill). `size` includes the quiet zone.
 */
function drawQr(page: PDFPage, matrix: boolean[][], x: number, y: number, size: number): void {
  const cell = size / (matrix.length + 2 * QR_QUIET_ZONE);
  const left = x + QR_QUIET_ZONE * cell;
  const top = y + size - QR_QUIET_ZONE * cell;
  page.drawRectangle({ x, y, width: size, height: size, color: WHITE });
  const ops = [pushGraphicsState(), setFillingRgbColor(0, 0, 0)];
  matrix.forEach((row, r) => row.forEach((dark, c) => dark && ops.push(rectangle(left + c * cell, top - (r + 1) * cell, cell, cell))));
  page.pushOperators(...ops, fill(), popGraphicsState());
}

/** Makes `rect` open `url` when clicked in a viewer (printing is the main use, this is a bonus). */
function addLink(doc: PDFDocument, page: PDFPage, url: string, rect: [number, number, number, number]): void {
  if (!/^https?:\/\/[\x21-\x7e]+$/.test(url)) return;
  const annotation = doc.context.obj({ Type: "Annot", Subtype: "Link", Rect: rect, Border: [0, 0, 0], A: { Type: "Action", S: "URI", URI: PDFString.of(url) } });
  page.node.addAnnot(doc.context.register(annotation));
}

// ------------------------------------------------------------------ the sheet

/**
 * OpenType shaping off: pdf-lib keeps only the glyph ids of a layout (it ignores kerning
 * positions), yet fontkit would run DejaVu's large GSUB/GPOS tables on every measurement and
 * line, which was over half of the render time. Slovenian needs no shaping: the letters are
 * precomposed glyphs (text is NFC-normalised in `clean`).
 */
const NO_SHAPING = { ccmp: false, locl: false, rlig: false, mark: false, mkmk: false, calt: false, clig: false, liga: false, rclt: false, curs: false, kern: false };

// Tables fontkit would decode on every render but that never reach the PDF (the subset it
// writes has its own glyf/loca/hmtx/…): OpenType layout, math, and the 6,000 glyph names in
// `post` (about 10 ms per font), which is cut down to its 32-byte header (format 3).
const UNUSED_TABLES = new Set(["GSUB", "GPOS", "GDEF", "BASE", "JSTF", "MATH", "kern", "morx", "mort", "feat", "FFTM"]);
const leanFonts = new WeakMap<Uint8Array, Uint8Array>();

/** The TrueType font without the tables above, cached per input (the fonts are module-cached). */
function leanFont(bytes: Uint8Array): Uint8Array {
  let lean = leanFonts.get(bytes);
  if (!lean) {
    try {
      lean = stripTables(bytes);
    } catch {
      lean = bytes; // an unexpected file: fontkit gets it as it is (slower, same output)
    }
    leanFonts.set(bytes, lean);
  }
  return lean;
}

function stripTables(bytes: Uint8Array): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint32(0);
  if (version !== 0x00010000 && version !== 0x74727565 /* 'true' */) return bytes; // not a plain TrueType file
  const tables: { tag: string; data: Uint8Array }[] = [];
  for (let i = 0; i < view.getUint16(4); i++) {
    const record = 12 + 16 * i;
    const tag = String.fromCharCode(...bytes.subarray(record, record + 4));
    const offset = view.getUint32(record + 8);
    const length = view.getUint32(record + 12);
    if (UNUSED_TABLES.has(tag) || offset + length > bytes.length) continue;
    let data = bytes.subarray(offset, offset + length);
    if (tag === "post" && length > 32) {
      data = data.slice(0, 32);
      data.set([0, 3, 0, 0], 0);
    }
    tables.push({ tag, data });
  }
  const headerLength = 12 + 16 * tables.length;
  const out = new Uint8Array(headerLength + tables.reduce((sum, t) => sum + ((t.data.length + 3) & ~3), 0));
  const outView = new DataView(out.buffer);
  const log2 = Math.floor(Math.log2(tables.length));
  outView.setUint32(0, version);
  outView.setUint16(4, tables.length);
  outView.setUint16(6, 2 ** log2 * 16);
  outView.setUint16(8, log2);
  outView.setUint16(10, tables.length * 16 - 2 ** log2 * 16);
  let offset = headerLength;
  tables.forEach(({ tag, data }, i) => {
    out.set(data, offset);
    let checksum = 0;
    for (let j = 0; j < data.length; j += 4) checksum = (checksum + outView.getUint32(offset + j)) >>> 0; // zero padding is already in place
    const record = 12 + 16 * i;
    for (let k = 0; k < 4; k++) out[record + k] = tag.charCodeAt(k);
    outView.setUint32(record + 4, checksum);
    outView.setUint32(record + 8, offset);
    outView.setUint32(record + 12, data.length);
    offset += (data.length + 3) & ~3;
  });
  return out;
}

export async function renderPostingSheet(sheet: PostingSheet, font: { regular: Uint8Array; bold: Uint8Array }): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  // Subsetting keeps only the glyphs used: the PDF carries tens of KB instead of 1.4 MB of fonts.
  const regular = await doc.embedFont(leanFont(font.regular), { subset: true, features: NO_SHAPING });
  const bold = await doc.embedFont(leanFont(font.bold), { subset: true, features: NO_SHAPING });
  doc.setTitle(clean(sheet.title));
  doc.setCreator(clean(sheet.productName));
  doc.setProducer(clean(sheet.productName));
  const page = doc.addPage([PAGE_W, PAGE_H]);
  const style = (f: PDFFont, size: number, color: Color): TextStyle => ({ font: f, size, color });

  // Header band: product name and date.
  page.drawRectangle({ x: 0, y: PAGE_H - HEADER_H, width: PAGE_W, height: HEADER_H, color: BRAND });
  const productSt = style(bold, 15, WHITE);
  const dateSt = style(regular, 9.5, WHITE);
  const date = ellipsize(clean(sheet.dateText), dateSt, CONTENT_W / 3);
  const productTop = (HEADER_H - lineHeight(productSt)) / 2;
  drawLines(page, [ellipsize(clean(sheet.productName), productSt, CONTENT_W - widthOf(date, dateSt) - 16)], productSt, MARGIN, productTop);
  // Same baseline as the product name.
  drawLines(page, [date], dateSt, MARGIN, productTop + ascent(productSt) - ascent(dateSt), { align: "right", width: CONTENT_W });

  // Title and subtitle on the left, prices right-aligned beside them.
  let top = HEADER_H + 16;
  const priceSt = style(bold, 20, BRAND);
  const priceNoteSt = style(regular, 9, MUTED);
  const [headline = "", ...notes] = sheet.priceLines.map(clean).filter(Boolean);
  const priceW = Math.min(CONTENT_W * 0.42, Math.ceil(Math.max(0, headline ? widthOf(headline, priceSt) : 0, ...notes.map((l) => widthOf(l, priceNoteSt)))));
  const titleW = CONTENT_W - (priceW > 0 ? priceW + 20 : 0);
  const titleSt = style(bold, 20, INK);
  const subtitleSt = style(regular, 12, MUTED);
  let leftH = drawLines(page, wrap(sheet.title, titleSt, titleW, 2), titleSt, MARGIN, top, { factor: 1.2 });
  if (sheet.subtitle?.trim()) leftH += 2 + drawLines(page, wrap(sheet.subtitle, subtitleSt, titleW, 2), subtitleSt, MARGIN, top + leftH + 2);
  let rightH = 0;
  if (headline) rightH += drawLines(page, [ellipsize(headline, priceSt, priceW)], priceSt, MARGIN, top, { align: "right", width: CONTENT_W, factor: 1.2 });
  for (const note of notes) rightH += drawLines(page, wrap(note, priceNoteSt, priceW, 2), priceNoteSt, MARGIN, top + rightH, { align: "right", width: CONTENT_W });
  top += Math.max(leftH, rightH) + 12;

  // Main photo and a row of thumbnails.
  const embedded = new Map<Uint8Array, PDFImage>();
  const [main, ...thumbs] = sheet.images;
  const photoBox = { x: MARGIN, y: PAGE_H - top - PHOTO_H, width: CONTENT_W, height: PHOTO_H };
  if (main) await drawPicture(doc, page, main, photoBox, embedded);
  else page.drawRectangle({ ...photoBox, color: SURFACE });
  top += PHOTO_H;
  const thumbW = (CONTENT_W - (THUMB_COUNT - 1) * THUMB_GAP) / THUMB_COUNT;
  const thumbH = (thumbW * 2) / 3;
  const shownThumbs = thumbs.slice(0, THUMB_COUNT);
  for (const [i, thumb] of shownThumbs.entries()) {
    await drawPicture(doc, page, thumb, { x: MARGIN + i * (thumbW + THUMB_GAP), y: PAGE_H - top - THUMB_GAP - thumbH, width: thumbW, height: thumbH }, embedded);
  }
  if (shownThumbs.length) top += THUMB_GAP + thumbH;
  top += 16;

  // Bottom block (seller on the left, QR on the right), sized first so the middle gets the rest.
  const sectionSt = style(bold, 11, INK);
  const scanSt = style(bold, 8.5, INK);
  const urlSt = style(regular, 6.5, MUTED);
  const sellerNameSt = style(bold, 11, INK);
  const sellerLineSt = style(regular, 9, MUTED);
  const sellerW = CONTENT_W - URL_WIDTH - 24;
  const sellerName = wrap(sheet.seller.name, sellerNameSt, sellerW, 2);
  const sellerLines = sheet.seller.lines.flatMap((l) => wrap(l, sellerLineSt, sellerW, 2)).slice(0, 6);
  const scanLines = wrap(sheet.labels.scan, scanSt, URL_WIDTH, 2);
  const urlLines = wrap(sheet.url, urlSt, URL_WIDTH, 3);
  const sectionH = lineHeight(sectionSt) + 7;
  const sellerH = sectionH + sellerName.length * lineHeight(sellerNameSt) + 2 + sellerLines.length * lineHeight(sellerLineSt, 1.35);
  const qrH = QR_SIZE + 2 + scanLines.length * lineHeight(scanSt) + urlLines.length * lineHeight(urlSt);
  const bottomTop = PAGE_H - BOTTOM_MARGIN - Math.max(sellerH, qrH);
  page.drawRectangle({ x: MARGIN, y: PAGE_H - bottomTop + 10, width: CONTENT_W, height: 0.6, color: LINE });

  // Seller.
  let sellerTop = bottomTop + drawSectionTitle(page, sheet.labels.seller, sectionSt, MARGIN, bottomTop, sellerW);
  sellerTop += drawLines(page, sellerName, sellerNameSt, MARGIN, sellerTop) + 2;
  drawLines(page, sellerLines, sellerLineSt, MARGIN, sellerTop, { factor: 1.35 });

  // QR code (quiet zone included in QR_SIZE), the scan hint and the printed URL under it.
  const qrX = PAGE_W - MARGIN - QR_SIZE;
  const qrY = PAGE_H - bottomTop - QR_SIZE;
  let matrix: boolean[][] | null = null;
  try {
    matrix = sheet.url ? qrMatrix(sheet.url) : null;
  } catch {
    matrix = null; // too long for a QR code: the printed URL still works
  }
  if (matrix) {
    drawQr(page, matrix, qrX, qrY, QR_SIZE);
    addLink(doc, page, sheet.url, [qrX, qrY, qrX + QR_SIZE, qrY + QR_SIZE]);
  }
  let qrTextTop = bottomTop + QR_SIZE + 2;
  qrTextTop += drawLines(page, scanLines, scanSt, PAGE_W - MARGIN - URL_WIDTH, qrTextTop, { align: "right", width: URL_WIDTH });
  drawLines(page, urlLines, urlSt, PAGE_W - MARGIN - URL_WIDTH, qrTextTop, { align: "right", width: URL_WIDTH });

  // Middle: key facts (label | value table) and equipment (in columns), side by side.
  const middleBottom = bottomTop - 16;
  const facts = sheet.facts.map(([k, v]) => [clean(k), clean(v)] as const).filter(([k, v]) => k || v);
  const equipment = sheet.equipment.map(clean).filter(Boolean);
  const gutter = 20;
  const factsW = equipment.length ? (facts.length ? (CONTENT_W - gutter) * 0.48 : 0) : CONTENT_W;
  const equipmentX = MARGIN + (factsW ? factsW + gutter : 0);
  const equipmentW = PAGE_W - MARGIN - equipmentX;

  if (facts.length) drawFacts(page, facts, style(regular, 8.5, MUTED), style(bold, 8.5, INK), sectionSt, sheet.labels.facts, MARGIN, top, factsW, middleBottom);
  if (equipment.length) drawEquipment(page, equipment, style(regular, 8.5, INK), sectionSt, sheet.labels.equipment, equipmentX, top, equipmentW, middleBottom);

  return doc.save();
}

/** Label/value rows with zebra shading; rows that do not fit become a final "…" row. */
function drawFacts(page: PDFPage, facts: (readonly [string, string])[], labelSt: TextStyle, valueSt: TextStyle, sectionSt: TextStyle, title: string, x: number, top: number, width: number, bottom: number): void {
  let y = top + drawSectionTitle(page, title, sectionSt, x, top, width);
  const labelW = width * 0.45;
  const valueW = width - labelW - 8;
  const lh = lineHeight(labelSt);
  const pad = 2.5;
  const rows = facts.map(([k, v]) => ({ label: wrap(k, labelSt, labelW - 6, 2), value: wrap(v, valueSt, valueW - 4, 2) }));
  const heightOf = (r: (typeof rows)[number]) => Math.max(1, r.label.length, r.value.length) * lh + 2 * pad;
  const ellipsisRowH = lh + 2 * pad;
  for (const [i, row] of rows.entries()) {
    const h = heightOf(row);
    const isLast = i === rows.length - 1;
    // Keep room for the "…" row unless this is the last row and it fits on its own.
    if (y + h + (isLast ? 0 : ellipsisRowH) > bottom) {
      if (y + ellipsisRowH <= bottom) drawLines(page, [ELLIPSIS], valueSt, x + 6, y + pad);
      return;
    }
    if (i % 2 === 0) page.drawRectangle({ x, y: PAGE_H - y - h, width, height: h, color: BRAND_SOFT });
    drawLines(page, row.label, labelSt, x + 6, y + pad);
    drawLines(page, row.value, valueSt, x + labelW + 4, y + pad);
    y += h;
  }
}

/** Bulleted items (up to two lines each) filled column by column; overflow ends with "… +N". */
function drawEquipment(page: PDFPage, items: string[], st: TextStyle, sectionSt: TextStyle, title: string, x: number, top: number, width: number, bottom: number): void {
  const y0 = top + drawSectionTitle(page, title, sectionSt, x, top, width);
  const gap = 12;
  const columns = Math.max(1, Math.floor((width + gap) / (120 + gap)));
  const colW = (width - (columns - 1) * gap) / columns;
  const lh = lineHeight(st, 1.2);
  const itemGap = 2.5;
  const bulletW = widthOf("• ", st);
  let column = 0;
  let y = y0;
  for (const [i, item] of items.entries()) {
    const lines = wrap(item, st, colW - bulletW, 2);
    const h = lines.length * lh + itemGap;
    // The last column keeps a line free for the "… +N" marker unless this is the last item.
    const fits = () => y + h + (column === columns - 1 && i < items.length - 1 ? lh : 0) <= bottom;
    if (!fits() && column < columns - 1 && y > y0) [column, y] = [column + 1, y0];
    if (!fits()) {
      if (y + lh <= bottom) drawLines(page, [`${ELLIPSIS} +${items.length - i}`], { ...st, color: MUTED }, x + column * (colW + gap) + bulletW, y);
      return;
    }
    const cx = x + column * (colW + gap);
    drawLines(page, ["•"], { ...st, color: BRAND }, cx, y);
    drawLines(page, lines, st, cx + bulletW, y);
    y += h;
  }
}

// ------------------------------------------------------------------ font subsets without streams

type EncodeStreamLike = { push(chunk: Uint8Array | null): boolean; flush(): void };
type SubsetLike = { encode(stream: EncodeStreamLike): void; encodeStream(): object };
let EncodeStreamClass: (new () => EncodeStreamLike) | null = null;

/**
 * pdf-lib serialises a font subset through fontkit's Node-style stream, whose `nextTick` polyfill
 * keeps one queue for the whole isolate: in workerd, two PDFs made at the same time resolve each
 * other's promises and the runtime cancels them (HTTP 500). The subset is encoded synchronously
 * into the same stream class instead, collecting its chunks directly.
 */
function patchSubsetSerialisation() {
  const proto = CustomFontSubsetEmbedder.prototype as unknown as { serializeFont(this: { subset: SubsetLike }): Promise<Uint8Array>; __avtotrgPatched?: boolean };
  if (proto.__avtotrgPatched) return;
  proto.__avtotrgPatched = true;
  proto.serializeFont = function () {
    // The class is only reachable through an instance; the throwaway's scheduled encode has no listeners.
    EncodeStreamClass ??= (this.subset.encodeStream() as { constructor: new () => EncodeStreamLike }).constructor;
    const stream = new EncodeStreamClass();
    const chunks: Uint8Array[] = [];
    stream.push = (chunk) => {
      if (chunk) chunks.push(Uint8Array.from(chunk));
      return true;
    };
    this.subset.encode(stream);
    stream.flush();
    const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
    let at = 0;
    for (const c of chunks) {
      out.set(c, at);
      at += c.length;
    }
    return Promise.resolve(out);
  };
}
patchSubsetSerialisation();
