import { env } from "cloudflare:workers";
import jsQR from "jsqr";
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFString } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { app } from "~/api/app";
import { postingDetails } from "~/db/schema/postings";
import { db, freshClientIp, publishedPosting, signedInUser } from "./fixtures";

// Issue 24: the sheet's QR code and link use the site's public origin (SITE_URL, else the request's own), never a
// fixed production host. The QR is read back the way a phone would: the drawn squares are rasterised and decoded
// by jsQR, an independent decoder.

/** Fetches a posting's sheet as a browser on `origin` would (the Worker's env, SITE_URL as given). */
async function sheetFrom(origin: string, code: string, siteUrl?: string) {
  const res = await app.request(
    `${origin}/internal-api/v1/postings/${code}/download-pdf`,
    { headers: { "cf-connecting-ip": freshClientIp() } },
    { ...env, SITE_URL: siteUrl },
  );
  expect(res.status).toBe(200);
  return PDFDocument.load(new Uint8Array(await res.arrayBuffer()));
}

/** The page's content operators as text (pdf-lib writes them Flate-compressed). */
function contentText(doc: PDFDocument): string {
  const page = doc.getPage(0);
  const contents = page.node.Contents();
  const refs = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
  return refs
    .map((ref) => {
      const stream = doc.context.lookup(ref);
      if (!(stream instanceof PDFRawStream)) return "";
      return new TextDecoder("latin1").decode(decodePDFRawStream(stream).decode());
    })
    .join("\n");
}

/**
 * Rasterises the QR symbol the sheet draws (the largest run of black `re` squares, filled at once) at 4 px per
 * module on white, with a quiet zone, and decodes it with jsQR.
 */
function decodeSheetQr(doc: PDFDocument): string | null {
  const runs = contentText(doc)
    .split(/0 0 0 rg/)
    .slice(1)
    .map((run) => [...run.split(/\bf\b/)[0]!.matchAll(/(-?[\d.]+) (-?[\d.]+) ([\d.]+) ([\d.]+) re/g)]);
  const squares = runs.sort((a, b) => b.length - a.length)[0]?.map((s) => s.slice(1, 5).map(Number)) ?? [];
  if (squares.length < 50) return null;
  const cell = squares[0]![2]!;
  const left = Math.min(...squares.map((s) => s[0]!));
  const top = Math.max(...squares.map((s) => s[1]! + s[3]!));
  const modules = squares.map(([x, y]) => ({
    col: Math.round((x! - left) / cell),
    row: Math.round((top - y! - cell) / cell),
  }));
  const size = Math.max(...modules.flatMap((m) => [m.col, m.row])) + 1;
  const px = 4;
  const quiet = 4;
  const side = (size + 2 * quiet) * px;
  const rgba = new Uint8ClampedArray(side * side * 4).fill(255);
  for (const { col, row } of modules)
    for (let dy = 0; dy < px; dy++)
      for (let dx = 0; dx < px; dx++) {
        const i = (((row + quiet) * px + dy) * side + (col + quiet) * px + dx) * 4;
        rgba[i] = rgba[i + 1] = rgba[i + 2] = 0;
      }
  return jsQR(rgba, side, side)?.data ?? null;
}

/** The URI of the sheet's link annotations. */
function linkUris(doc: PDFDocument): string[] {
  const annots = doc.getPage(0).node.Annots()?.asArray() ?? [];
  return annots.flatMap((ref) => {
    const action = doc.context.lookup(ref, PDFDict).lookup(PDFName.of("A"), PDFDict);
    const uri = action.lookup(PDFName.of("URI"));
    return uri instanceof PDFString ? [uri.decodeText()] : [];
  });
}

describe("the PDF sheet's QR code and link (issue 24)", () => {
  it("encode the request's own origin, host and port included, when SITE_URL is not set", async () => {
    const row = await publishedPosting({ fuel: "DIESEL", powerKw: 110 });
    const doc = await sheetFrom("http://avto.test:8123", row.code);
    const expected = `http://avto.test:8123/oglas/${row.id}`;
    expect(decodeSheetQr(doc)).toBe(expected);
    expect(linkUris(doc)).toEqual([expected]);
  });

  it("encode SITE_URL's origin when it is set, whatever host the request came to", async () => {
    const row = await publishedPosting();
    const doc = await sheetFrom("http://127.0.0.1:8802", row.code, "https://predogled.avto.example/");
    expect(decodeSheetQr(doc)).toBe(`https://predogled.avto.example/oglas/${row.id}`);
    expect(linkUris(doc)).toEqual([`https://predogled.avto.example/oglas/${row.id}`]);
  });
});

describe("a private seller's e-mail address (issue 24)", () => {
  it("never appears in the public posting JSON, even one the seller entered; the seller's own view keeps it", async () => {
    const seller = await signedInUser({ phoneNumber: "+38641123457" });
    const row = await publishedPosting({ userId: seller.user.id });
    await db().insert(postingDetails).values({ postingId: row.id, contactEmail: "moj.naslov@primer.si" });
    for (const cookie of [undefined, (await signedInUser()).cookie]) {
      const res = await app.request(
        `http://localhost/internal-api/v1/postings/${row.code}`,
        { headers: { "cf-connecting-ip": freshClientIp(), ...(cookie ? { cookie } : {}) } },
        env,
      );
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).not.toContain("moj.naslov@primer.si");
      expect(text).not.toContain(seller.user.email);
      expect(JSON.parse(text)).toMatchObject({ seller: { contact: { email: null, phone: "+38641123457" } } });
    }
    const own = await app.request(
      `http://localhost/internal-api/v1/postings/${row.code}`,
      { headers: { "cf-connecting-ip": freshClientIp(), cookie: seller.cookie } },
      env,
    );
    expect(await own.json()).toMatchObject({ seller: { contact: { email: "moj.naslov@primer.si" } } });
  });
});
