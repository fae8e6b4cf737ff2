import { AppError } from "~/domain/errors";
import { sniffByteCount, sniffFileType } from "~/domain/file-sniff";

/** The field message when a phone's HEIC photo cannot be turned into a JPEG here (decision 058). */
export const heicNotConvertedMessage =
  "Fotografije HEIC ni bilo mogoče pretvoriti. Shranite jo kot JPEG in poskusite znova.";

/** HEIC pictures are converted no larger than the browser's own downscale of other photos (decision 012). */
const maxEdge = 2560;

const refused = (field: string) =>
  new AppError(415, heicNotConvertedMessage, {
    code: "HEIC_NOT_CONVERTED",
    fieldErrors: [{ field, kind: "INVALID", message: heicNotConvertedMessage }],
    errors: [],
  });

const jpegName = (name: string) => (name ? `${name.replace(/\.(heic|heif)$/i, "") || "fotografija"}.jpg` : "");

/**
 * A HEIC/HEIF photo as a JPEG of at most 2560 px, through the Images binding (Cloudflare decodes HEIC; locally
 * Miniflare's sharp cannot decode HEVC). No binding, a failed decode or anything but a JPEG back: 415 with a
 * field message on `field`, so nothing a browser cannot show is ever stored.
 */
export async function heicToJpeg(images: ImagesBinding | undefined, file: File, field: string): Promise<File> {
  if (!images) throw refused(field);
  let blob: Blob;
  try {
    const result = await images
      .input(file.stream())
      .transform({ width: maxEdge, height: maxEdge, fit: "scale-down" })
      .output({ format: "image/jpeg", quality: 85 });
    blob = await result.response().blob();
  } catch (err) {
    console.warn("HEIC conversion failed", err instanceof Error ? err.message : err);
    throw refused(field);
  }
  const head = new Uint8Array(await blob.slice(0, sniffByteCount).arrayBuffer());
  if (sniffFileType(head) !== "image/jpeg") throw refused(field);
  return new File([blob], jpegName(file.name), { type: "image/jpeg" });
}
