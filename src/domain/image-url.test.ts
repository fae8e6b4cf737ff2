import { describe, it, expect, vi } from "vitest";
import { appConfig } from "~/app.config";
import {
  cardCropWidths,
  cardImage,
  carouselCropWidth,
  cropHeight,
  imageWidths,
  photoImage,
  rewriteImageUrl,
  thumbImage,
  type ImagePreset,
} from "./image-url";

describe("width tables", () => {
  it("has the agreed widths, read from app.config.ts", () => {
    expect(imageWidths).toEqual({ sm: 256, md: 512, lg: 1024, xl: 1280, xxl: 1440, xxxl: 1920 });
    expect(imageWidths).toBe(appConfig.images.widths);
    expect(carouselCropWidth).toBe(600);
    expect(cardCropWidths).toEqual([300, 600, 900, 1200]);
  });

  it("follows the config: other hosts, proxy base and widths change every rewrite", async () => {
    vi.resetModules();
    vi.doMock("~/app.config", () => ({
      appConfig: {
        images: {
          ...appConfig.images,
          widths: { ...appConfig.images.widths, md: 500, xxxl: 2000 },
          cropWidths: [300, 640],
          cdnHosts: ["img.example.com"],
          proxyHosts: ["px.example.com"],
          proxyBase: "https://resize.example.com/",
        },
      },
    }));
    try {
      const other = await import("./image-url");
      expect(other.rewriteImageUrl("/media/a.jpg", "md")).toBe("/media/a.jpg?w=500");
      expect(other.rewriteImageUrl("/media/a.jpg", "xxxl")).toBe("/media/a.jpg?w=2000");
      expect(other.rewriteImageUrl("https://img.example.com/a.jpg", "md")).toBe(
        "https://img.example.com/a.jpg?width=500",
      );
      // The hosts of the real config are no longer special.
      expect(other.rewriteImageUrl("https://cdn.avtotrg.si/a.jpg", "md")).toBe("https://cdn.avtotrg.si/a.jpg");
      expect(other.rewriteImageUrl("https://px.example.com/a.jpg", "sm")).toBe(
        `https://resize.example.com/insecure/rs:fit:256:0/plain/${encodeURIComponent("https://px.example.com/a.jpg")}`,
      );
      expect(other.cardImage("/media/a.jpg").srcSet).toBe(
        "/media/a.jpg?w=300&crop=1 300w, /media/a.jpg?w=640&crop=1 640w",
      );
    } finally {
      vi.doUnmock("~/app.config");
      vi.resetModules();
    }
  });
});

describe("own /media/ paths", () => {
  it.each([
    ["sm", "/media/a.jpg?w=256"],
    ["md", "/media/a.jpg?w=512"],
    ["lg", "/media/a.jpg?w=1024"],
    ["xl", "/media/a.jpg?w=1280"],
    ["xxl", "/media/a.jpg?w=1440"],
    ["xxxl", "/media/a.jpg?w=1920"],
    ["carousel", "/media/a.jpg?w=600&crop=1"],
    ["crop300", "/media/a.jpg?w=300&crop=1"],
    ["crop900", "/media/a.jpg?w=900&crop=1"],
  ] as const)("%s", (preset, expected) => {
    expect(rewriteImageUrl("/media/a.jpg", preset)).toBe(expected);
  });

  it("replaces an existing w and keeps other params and the hash", () => {
    expect(rewriteImageUrl("/media/p/1/a.webp?v=3&w=100#x", "md")).toBe("/media/p/1/a.webp?v=3&w=512#x");
  });

  it("does not normalise the path", () => {
    expect(rewriteImageUrl("/media/x/../a.jpg", "sm")).toBe("/media/x/../a.jpg?w=256");
  });

  it("leaves other relative paths alone", () => {
    expect(rewriteImageUrl("/static/logo.png", "md")).toBe("/static/logo.png");
    expect(rewriteImageUrl("media/a.jpg", "md")).toBe("media/a.jpg");
  });
});

describe("query-parameter CDN", () => {
  const src = "https://cdn.avtotrg.si/cars/1.jpg?quality=80";

  it.each([
    ["sm", "https://cdn.avtotrg.si/cars/1.jpg?quality=80&width=256"],
    ["md", "https://cdn.avtotrg.si/cars/1.jpg?quality=80&width=512"],
    ["lg", "https://cdn.avtotrg.si/cars/1.jpg?quality=80&width=1024"],
    ["xl", "https://cdn.avtotrg.si/cars/1.jpg?quality=80&width=1280"],
    ["xxl", "https://cdn.avtotrg.si/cars/1.jpg?quality=80&width=1440"],
    ["xxxl", "https://cdn.avtotrg.si/cars/1.jpg?quality=80&width=1920"],
    ["carousel", "https://cdn.avtotrg.si/cars/1.jpg?quality=80&width=600&height=400&fit=crop"],
  ] as const)("%s", (preset, expected) => {
    expect(rewriteImageUrl(src, preset)).toBe(expected);
  });

  it("replaces an existing width", () => {
    expect(rewriteImageUrl("https://cdn.avtotrg.si/a.jpg?width=50", "lg")).toBe(
      "https://cdn.avtotrg.si/a.jpg?width=1024",
    );
  });

  it("matches hosts case-insensitively and honours custom hosts", () => {
    expect(rewriteImageUrl("https://CDN.avtotrg.si/a.jpg", "sm")).toBe("https://cdn.avtotrg.si/a.jpg?width=256");
    expect(rewriteImageUrl("https://img.example.com/a.jpg", "sm", { cdnHosts: ["img.example.com"] })).toBe(
      "https://img.example.com/a.jpg?width=256",
    );
    // Custom list replaces the default.
    expect(rewriteImageUrl("https://cdn.avtotrg.si/a.jpg", "sm", { cdnHosts: ["img.example.com"] })).toBe(
      "https://cdn.avtotrg.si/a.jpg",
    );
  });
});

describe("image proxy", () => {
  const src = "https://slike.avtotrg.si/uploads/a b.jpg?v=2";
  const enc = encodeURIComponent(src);

  it.each([
    ["sm", `https://slike.avtotrg.si/insecure/rs:fit:256:0/plain/${enc}`],
    ["md", `https://slike.avtotrg.si/insecure/rs:fit:512:0/plain/${enc}`],
    ["lg", `https://slike.avtotrg.si/insecure/rs:fit:1024:0/plain/${enc}`],
    ["xl", `https://slike.avtotrg.si/insecure/rs:fit:1280:0/plain/${enc}`],
    ["xxl", `https://slike.avtotrg.si/insecure/rs:fit:1440:0/plain/${enc}`],
    ["xxxl", `https://slike.avtotrg.si/insecure/rs:fit:1920:0/plain/${enc}`],
    ["carousel", `https://slike.avtotrg.si/insecure/rs:fill:600:400/plain/${enc}`],
  ] as const)("%s", (preset, expected) => {
    expect(rewriteImageUrl(src, preset)).toBe(expected);
  });

  it("honours proxyBase and proxyHosts", () => {
    const url = "http://legacy.example.com/x.jpg";
    expect(rewriteImageUrl(url, "md", { proxyHosts: ["legacy.example.com"], proxyBase: "https://proxy.test/" })).toBe(
      `https://proxy.test/insecure/rs:fit:512:0/plain/${encodeURIComponent(url)}`,
    );
  });

  it("re-sizes an already proxied URL instead of nesting it", () => {
    const once = rewriteImageUrl(src, "sm");
    expect(rewriteImageUrl(once, "xxxl")).toBe(`https://slike.avtotrg.si/insecure/rs:fit:1920:0/plain/${enc}`);
  });
});

describe("unchanged and malformed input", () => {
  const presets: ImagePreset[] = ["sm", "md", "lg", "xl", "xxl", "xxxl", "carousel"];

  it.each([
    "",
    "https://example.com/a.jpg",
    "data:image/png;base64,iVBORw0KGgo=",
    "blob:https://avtotrg.si/123",
    "ftp://cdn.avtotrg.si/a.jpg",
    "//cdn.avtotrg.si/a.jpg",
    "https://",
    "http://[::1",
    "not a url",
    "javascript:alert(1)",
  ])("returns %j unchanged", (url) => {
    for (const preset of presets) expect(rewriteImageUrl(url, preset)).toBe(url);
  });

  it("never throws on broken encodings", () => {
    const lone = "https://slike.avtotrg.si/\uD800.jpg";
    expect(() => rewriteImageUrl(lone, "md")).not.toThrow();
    const badPercent = "https://slike.avtotrg.si/insecure/rs:fit:1:0/plain/%E0%A4%A";
    expect(() => rewriteImageUrl(badPercent, "md")).not.toThrow();
    expect(rewriteImageUrl(badPercent, "md")).toBe(badPercent);
    expect(() => rewriteImageUrl(undefined as unknown as string, "md")).not.toThrow();
  });
});

describe("card pictures (3:2 for any photo)", () => {
  it("offers every card crop width in the srcset, the 600 px crop as src, for each back-end", () => {
    expect(cardImage("/media/p/1/a.jpg")).toEqual({
      src: "/media/p/1/a.jpg?w=600&crop=1",
      srcSet:
        "/media/p/1/a.jpg?w=300&crop=1 300w, /media/p/1/a.jpg?w=600&crop=1 600w, /media/p/1/a.jpg?w=900&crop=1 900w, /media/p/1/a.jpg?w=1200&crop=1 1200w",
    });
    expect(cardImage("https://cdn.avtotrg.si/x.jpg").srcSet).toBe(
      "https://cdn.avtotrg.si/x.jpg?width=300&height=200&fit=crop 300w, https://cdn.avtotrg.si/x.jpg?width=600&height=400&fit=crop 600w, https://cdn.avtotrg.si/x.jpg?width=900&height=600&fit=crop 900w, https://cdn.avtotrg.si/x.jpg?width=1200&height=800&fit=crop 1200w",
    );
    expect(cardImage("https://slike.avtotrg.si/x.jpg").src).toBe(
      `https://slike.avtotrg.si/insecure/rs:fill:600:400/plain/${encodeURIComponent("https://slike.avtotrg.si/x.jpg")}`,
    );
    for (const w of cardCropWidths) expect(cropHeight(w) / w).toBeCloseTo(2 / 3, 2);
  });

  it("a plain width drops an earlier crop", () => {
    expect(rewriteImageUrl("/media/a.jpg?w=600&crop=1", "sm")).toBe("/media/a.jpg?w=256");
  });
});

describe("thumbnails and whole photos", () => {
  it("a thumbnail offers the 150 and 300 px crops", () => {
    expect(thumbImage("/media/a.jpg")).toEqual({
      src: "/media/a.jpg?w=300&crop=1",
      srcSet: "/media/a.jpg?w=150&crop=1 150w, /media/a.jpg?w=300&crop=1 300w",
    });
  });

  it("a whole photo offers every preset width from md up", () => {
    expect(photoImage("/media/a.jpg", "xl")).toEqual({
      src: "/media/a.jpg?w=1280",
      srcSet:
        "/media/a.jpg?w=512 512w, /media/a.jpg?w=1024 1024w, /media/a.jpg?w=1280 1280w, /media/a.jpg?w=1440 1440w, /media/a.jpg?w=1920 1920w",
    });
  });
});
