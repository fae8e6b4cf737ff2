import { describe, expect, it } from "vitest";
import { sniffedExtension, sniffFileType } from "./file-sniff";

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...p].map((ch) => ch.charCodeAt(0)) : p)));

/** An ISO-BMFF `ftyp` box: size, "ftyp", major brand, minor version, compatible brands. */
const ftyp = (major: string, compatible: string[] = []) => {
  const size = 16 + compatible.length * 4;
  return bytes([0, 0, 0, size], "ftyp", major, [0, 0, 0, 0], compatible.join(""));
};

describe("sniffFileType", () => {
  it("recognises JPEG, PNG, WebP and PDF by their magic bytes", () => {
    expect(sniffFileType(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], "JFIF"))).toBe("image/jpeg");
    expect(sniffFileType(bytes([0xff, 0xd8, 0xff, 0xe1], "Exif"))).toBe("image/jpeg");
    expect(sniffFileType(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], "IHDR"))).toBe(
      "image/png",
    );
    expect(sniffFileType(bytes("RIFF", [0x24, 0, 0, 0], "WEBPVP8 "))).toBe("image/webp");
    expect(sniffFileType(bytes("%PDF-1.7\n%âãÏÓ"))).toBe("application/pdf");
  });

  it.each(["heic", "heix", "hevc", "hevx", "mif1", "msf1", "heim", "heis"])(
    "recognises HEIC/HEIF with the %s brand",
    (brand) => {
      expect(sniffFileType(ftyp(brand, ["mif1", "heic"]))).toBe("image/heic");
    },
  );

  it("does not take other ISO-BMFF files (MP4, AVIF) for HEIC", () => {
    expect(sniffFileType(ftyp("isom", ["isom", "mp41"]))).toBeNull();
    expect(sniffFileType(ftyp("avif", ["mif1", "avif"]))).toBeNull();
    expect(sniffFileType(ftyp("mif1", ["mif1", "avif", "miaf"]))).toBeNull();
  });

  it("answers null for a text file named .jpg (the name is never looked at)", () => {
    const text = new File(["Pozdravljeni, to ni slika."], "x.jpg", { type: "image/jpeg" });
    return text.arrayBuffer().then((buf) => expect(sniffFileType(new Uint8Array(buf))).toBeNull());
  });

  it("answers null for empty, truncated and near-miss inputs", () => {
    expect(sniffFileType(new Uint8Array())).toBeNull();
    expect(sniffFileType(bytes([0xff, 0xd8]))).toBeNull();
    expect(sniffFileType(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a]))).toBeNull();
    expect(sniffFileType(bytes("RIFF", [0, 0, 0, 0], "WAVE"))).toBeNull();
    expect(sniffFileType(bytes("%PDF"))).toBeNull();
    expect(sniffFileType(bytes(" %PDF-1.4"))).toBeNull();
    expect(sniffFileType(bytes("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
    expect(sniffFileType(bytes("GIF89a"))).toBeNull();
    expect(sniffFileType(bytes([0, 0, 0, 24], "ftyp"))).toBeNull();
  });

  it("has an extension for every type", () => {
    expect(sniffedExtension).toEqual({
      "image/jpeg": "jpg",
      "image/png": "png",
      "image/webp": "webp",
      "image/heic": "heic",
      "application/pdf": "pdf",
    });
  });
});
