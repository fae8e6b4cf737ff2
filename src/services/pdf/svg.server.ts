/**
 * SVG subset → PDF, for the demo pictures only (real uploads are JPEG or PNG).
 * Covers what scripts/lib/car-svg.ts emits: svg/viewBox, g (with transform, as in the mirrored
 * seed picture), rect (rx), circle, ellipse, path, polygon/polyline/line, linearGradient
 * (flattened to one colour), fill/stroke/opacity attributes. Text is skipped.
 */
import {
  LineJoinStyle,
  type PDFPage,
  clip,
  concatTransformationMatrix,
  endPath,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  setLineJoin,
} from "pdf-lib";
import type { Box } from "./layout.server";

import {
  type Matrix,
  type XmlNode,
  type Paint,
  IDENTITY,
  multiply,
  isIdentity,
  numbersIn,
  num,
  parseTransform,
  parseXml,
  parseColor,
  clamp01,
  normalizePath,
  meanOpacity,
} from "./svg-parse.server";

const SHAPES = new Set(["rect", "circle", "ellipse", "path", "polygon", "polyline", "line"]);

type Inherited = {
  fill: string;
  stroke: string;
  strokeWidth: string;
  fillOpacity: string;
  strokeOpacity: string;
  lineJoin: string | undefined;
  opacity: number;
  transform: Matrix;
};

/** Draws an SVG document letterboxed into `box`. Throws on documents it cannot size. */
export function drawSvg(page: PDFPage, source: string, box: Box): void {
  const svg = parseXml(source);
  if (!svg) throw new Error("no <svg> element");
  const vb = numbersIn(svg.attrs.viewBox ?? "");
  const [vx, vy, vw, vh] =
    vb.length === 4
      ? (vb as [number, number, number, number])
      : [0, 0, num(svg.attrs.width, 300), num(svg.attrs.height, 150)];
  if (!(vw > 0 && vh > 0)) throw new Error("SVG without a size");

  // Gradients are flattened to one paint: the first stop's colour (as specified for this
  // converter) with the gradient's mean opacity, so a white "shine" that fades out over half
  // the shape tints it slightly instead of washing the whole car out.
  const gradients = new Map<string, Paint>();
  const collect = (n: XmlNode) => {
    if ((n.name === "linearGradient" || n.name === "radialGradient") && n.attrs.id) {
      const stops = n.children
        .filter((c) => c.name === "stop")
        .map((c) => ({
          offset: clamp01(num(c.attrs.offset?.endsWith("%") ? String(num(c.attrs.offset) / 100) : c.attrs.offset)),
          paint: parseColor(c.attrs["stop-color"] ?? "black"),
          opacity: clamp01(num(c.attrs["stop-opacity"], 1)),
        }));
      const first = stops[0];
      if (first?.paint)
        gradients.set(n.attrs.id, {
          color: first.paint.color,
          opacity: meanOpacity(
            stops.map((st) => ({ offset: st.offset, opacity: st.opacity * (st.paint?.opacity ?? 0) })),
          ),
        });
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
      ...(stroking
        ? { borderColor: stroking.color, borderOpacity: stroking.opacity, borderWidth: strokeWidth * widthScale }
        : {}),
    });
    const px = (x: number) => ox + s * x;
    const py = (y: number) => oy - s * y;
    const asPath = (d: string) => page.drawSvgPath(normalizePath(d), { x: ox, y: oy, scale: s, ...paint(1) });

    // A transform or line join is applied around the call: `cm` conjugated into page space.
    const wrapped = !isIdentity(st.transform) || st.lineJoin === "round" || st.lineJoin === "bevel";
    if (wrapped) {
      page.pushOperators(pushGraphicsState());
      if (!isIdentity(st.transform))
        page.pushOperators(concatTransformationMatrix(...multiply(multiply(toPage, st.transform), fromPage)));
      if (st.lineJoin === "round" || st.lineJoin === "bevel")
        page.pushOperators(setLineJoin(st.lineJoin === "round" ? LineJoinStyle.Round : LineJoinStyle.Bevel));
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
            asPath(
              `M${x + rx} ${y} H${x + w - rx} ${arc(x + w, y + ry)} V${y + h - ry} ${arc(x + w - rx, y + h)} H${x + rx} ${arc(x, y + h - ry)} V${y + ry} ${arc(x + rx, y)} Z`,
            );
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
          if (rx > 0 && ry > 0)
            page.drawEllipse({ x: px(num(a.cx)), y: py(num(a.cy)), xScale: rx * s, yScale: ry * s, ...paint(s) });
          break;
        }
        case "path":
          if (a.d?.trim()) asPath(a.d);
          break;
        case "polygon":
        case "polyline": {
          const p = numbersIn(a.points ?? "");
          if (p.length >= 4)
            asPath(
              `M${p.slice(0, 2).join(" ")} L${p.slice(2, p.length - (p.length % 2)).join(" ")}${n.name === "polygon" ? " Z" : ""}`,
            );
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
    walk(svg, {
      fill: "black",
      stroke: "none",
      strokeWidth: "1",
      fillOpacity: "1",
      strokeOpacity: "1",
      lineJoin: undefined,
      opacity: 1,
      transform: IDENTITY,
    });
  } finally {
    page.pushOperators(popGraphicsState());
  }
}
