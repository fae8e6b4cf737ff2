// The parsing half of the SVG subset renderer (svg.server.ts): transforms, tags, colours, path data, gradients.
import { type Color, rgb } from "pdf-lib";

export type Matrix = [number, number, number, number, number, number];
export type XmlNode = { name: string; attrs: Record<string, string>; children: XmlNode[] };
export type Paint = { color: Color; opacity: number };

export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
// m1 ∘ m2: m2 applies first (PDF/SVG [a b c d e f] convention).
export const multiply = (m1: Matrix, m2: Matrix): Matrix => [
  m1[0] * m2[0] + m1[2] * m2[1],
  m1[1] * m2[0] + m1[3] * m2[1],
  m1[0] * m2[2] + m1[2] * m2[3],
  m1[1] * m2[2] + m1[3] * m2[3],
  m1[0] * m2[4] + m1[2] * m2[5] + m1[4],
  m1[1] * m2[4] + m1[3] * m2[5] + m1[5],
];
export const isIdentity = (m: Matrix) => m.every((v, i) => Math.abs(v - IDENTITY[i]!) < 1e-9);

export const numbersIn = (s: string) => (s.match(/[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/g) ?? []).map(Number);
export const num = (v: string | undefined, fallback = 0) => {
  const n = v === undefined ? Number.NaN : Number.parseFloat(v);
  return Number.isFinite(n) ? n : fallback;
};

export function parseTransform(value: string | undefined): Matrix {
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
      t = multiply(multiply([1, 0, 0, 1, cx, cy], [Math.cos(r), Math.sin(r), -Math.sin(r), Math.cos(r), 0, 0]), [
        1,
        0,
        0,
        1,
        -cx,
        -cy,
      ]);
    } else if (name === "skewX") t = [1, 0, Math.tan((p0 * Math.PI) / 180), 1, 0, 0];
    else if (name === "skewY") t = [1, Math.tan((p0 * Math.PI) / 180), 0, 1, 0, 0];
    m = multiply(m, t);
  }
  return m;
}

/** A forgiving tag tokenizer: enough for machine-written SVG, never throws on odd input. */
export function parseXml(source: string): XmlNode | null {
  const root: XmlNode = { name: "#root", attrs: {}, children: [] };
  const stack = [root];
  const text = source.replace(/<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>|<!DOCTYPE[^>]*>/gi, "");
  for (const [, closing, rawName, rawAttrs, selfClosing] of text.matchAll(
    /<(\/?)([A-Za-z][^\s/>]*)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>/g,
  )) {
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
  const find = (n: XmlNode): XmlNode | null =>
    n.name === "svg" ? n : n.children.reduce<XmlNode | null>((hit, c) => hit ?? find(c), null);
  return find(root);
}

export const NAMED_COLORS: Record<string, string> = {
  black: "#000000",
  white: "#ffffff",
  red: "#ff0000",
  green: "#008000",
  blue: "#0000ff",
  gray: "#808080",
  grey: "#808080",
  silver: "#c0c0c0",
  yellow: "#ffff00",
  orange: "#ffa500",
};

/** Parses a CSS colour to rgb() plus its own alpha; null for none or anything unknown. */
export function parseColor(value: string): Paint | null {
  const v = value.trim().toLowerCase();
  const hex = NAMED_COLORS[v] ?? v;
  if (/^#[0-9a-f]{3,4}$/.test(hex)) return parseColor(`#${[...hex.slice(1)].map((c) => c + c).join("")}`);
  if (/^#[0-9a-f]{6}([0-9a-f]{2})?$/.test(hex)) {
    const n = Number.parseInt(hex.slice(1, 7), 16);
    return {
      color: rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255),
      opacity: hex.length === 9 ? Number.parseInt(hex.slice(7), 16) / 255 : 1,
    };
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
  if (fn[1]!.startsWith("rgb"))
    return { color: rgb(clamp01(channel(0, 255)), clamp01(channel(1, 255)), clamp01(channel(2, 255))), opacity };
  // hsl → rgb (the CSS Color 4 formula); s and l are percentages.
  const h = Number.parseFloat(args[0] ?? "0");
  const [s, l] = [clamp01(channel(1, 100)), clamp01(channel(2, 100))];
  const k = (n: number) => (n + h / 30) % 12;
  const f = (n: number) => l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  return { color: rgb(clamp01(f(0)), clamp01(f(8)), clamp01(f(4))), opacity };
}
export const clamp01 = (x: number) => Math.max(0, Math.min(1, Number.isFinite(x) ? x : 0));

/**
 * Rewrites path data as absolute M/L/C/A/Z: pdf-lib turns Q/T into a `v` curve (the wrong
 * cubic), so quadratic segments are converted here exactly, tracking the current point.
 */
export function normalizePath(d: string): string {
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
  const reflect = (ctrl: [number, number] | null): [number, number] =>
    ctrl ? [2 * x - ctrl[0], 2 * y - ctrl[1]] : [x, y];
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
        cubic(
          x + (2 / 3) * (qx - x),
          y + (2 / 3) * (qy - y),
          ex + (2 / 3) * (qx - ex),
          ey + (2 / 3) * (qy - ey),
          ex,
          ey,
        );
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
export function meanOpacity(stops: { offset: number; opacity: number }[]): number {
  if (!stops.length) return 1;
  // Offsets never decrease: SVG clamps each to the largest offset before it.
  let max = 0;
  const pts = stops.map((st) => ({ offset: (max = Math.max(max, st.offset)), opacity: st.opacity }));
  let area = pts[0]!.offset * pts[0]!.opacity + (1 - pts[pts.length - 1]!.offset) * pts[pts.length - 1]!.opacity;
  for (let i = 1; i < pts.length; i++)
    area += ((pts[i]!.offset - pts[i - 1]!.offset) * (pts[i]!.opacity + pts[i - 1]!.opacity)) / 2;
  return clamp01(area);
}

// Everything else (text, defs, use, image, nested svg, …) is skipped with its children.
