/**
 * A sheet picture's kind from its bytes. Apart from images.server.ts (pdf-lib) so the photo preparation
 * (`posting-pdf-photos.server.ts`) loads without the PDF code, which is imported only when a sheet is made.
 */
export type SheetImage = { bytes: Uint8Array; mimeType: string };

type ImageKind = "jpeg" | "png" | "svg";

/** Trusts the bytes over the declared type (uploads are often mislabelled). */
export function imageKind(image: SheetImage): ImageKind | null {
  const b = image.bytes;
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "jpeg";
  if (b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return "png";
  const head = new TextDecoder().decode(b.subarray(0, 512));
  if (image.mimeType.includes("svg") || /<svg[\s>]/.test(head)) return "svg";
  return null;
}
