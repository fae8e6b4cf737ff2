import { describe, expect, it } from "vitest";
import { cropRect, defaultCropView, dragCropView } from "./banner-crop";

const aspect = 1440 / 500;

describe("banner crop", () => {
  it("takes the full width of a tall photo, centred, and the full height of a panorama", () => {
    expect(cropRect(4000, 3000, aspect, defaultCropView)).toEqual({
      sx: 0,
      sy: (3000 - 4000 / aspect) / 2,
      sw: 4000,
      sh: 4000 / aspect,
    });
    const wide = cropRect(6000, 1000, aspect, defaultCropView);
    expect(wide.sh).toBe(1000);
    expect(wide.sw).toBeCloseTo(2880);
    expect(wide.sx).toBeCloseTo((6000 - 2880) / 2);
  });

  it("moves to the edges and zooms into a smaller part of the same aspect", () => {
    expect(cropRect(4000, 3000, aspect, { x: 0, y: 0, zoom: 1 }).sy).toBe(0);
    const bottom = cropRect(4000, 3000, aspect, { x: 0, y: 1, zoom: 1 });
    expect(bottom.sy + bottom.sh).toBeCloseTo(3000);
    const zoomed = cropRect(4000, 3000, aspect, { x: 1, y: 0.5, zoom: 2 });
    expect(zoomed.sw).toBe(2000);
    expect(zoomed.sw / zoomed.sh).toBeCloseTo(aspect);
    expect(zoomed.sx + zoomed.sw).toBe(4000);
  });

  it("keeps out-of-range views inside the picture", () => {
    const r = cropRect(4000, 3000, aspect, { x: 3, y: -1, zoom: 0.2 });
    expect(r).toEqual({ sx: 0, sy: 0, sw: 4000, sh: 4000 / aspect });
  });

  it("drags the picture with the pointer and stops at its edges", () => {
    const down = dragCropView(defaultCropView, 4000, 3000, aspect, 400, 0, 100);
    expect(down.y).toBeLessThan(0.5);
    expect(down.x).toBe(0.5);
    expect(dragCropView(defaultCropView, 4000, 3000, aspect, 400, 0, 10_000).y).toBe(0);
    expect(dragCropView({ x: 0.5, y: 0.5, zoom: 2 }, 4000, 3000, aspect, 400, -50, 0).x).toBeGreaterThan(0.5);
  });
});
