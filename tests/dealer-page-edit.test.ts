import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { dealerships } from "~/db/schema/dealerships";
import type { PublicDealership } from "~/domain/dealership";
import type { ErrorBody } from "~/domain/errors";
import { call, db, makeAndModel, signedInUser } from "./fixtures";

let counter = 0;

/** A dealership of its own for each test, with a head, a salesperson and seeded-style pictures. */
async function dealership() {
  const code = `dp-${Date.now().toString(36)}-${counter++}`;
  const [row] = await db()
    .insert(dealerships)
    .values({
      code,
      name: "Avto Test d.o.o.",
      publicName: "Avto Test",
      address: "Cesta 1",
      postalCode: "1000",
      city: "Ljubljana",
      weekdayFrom: "08:00",
      weekdayTo: "17:00",
      saturdayFrom: "08:00",
      saturdayTo: "12:00",
      advertisingDays: 20,
      taxNumber: "SI12345678",
    })
    .returning();
  if (!row) throw new Error("dealership not inserted");
  const head = await signedInUser({ dealershipId: row.id, dealershipRole: "HEAD" });
  const salesperson = await signedInUser({ dealershipId: row.id, dealershipRole: "SALESPERSON" });
  return { row, code, head, salesperson };
}

const page = {
  publicName: "Avto Test Center",
  address: "Tržaška cesta 10",
  postalCode: "1000",
  city: "Ljubljana",
  email: "info@avto-test.si",
  phone: "+386 1 200 30 40",
  webPage: "www.avto-test.si",
  facebook: "https://www.facebook.com/avtotest",
  instagram: "https://www.instagram.com/avtotest",
  tiktok: "https://www.tiktok.com/@avtotest",
  youtube: "https://www.youtube.com/@avtotest",
  weekdayFrom: "07:30",
  weekdayTo: "19:00",
  saturdayFrom: "09:00",
  saturdayTo: "13:00",
  brands: [] as string[],
};

// A real 1 × 1 PNG; JPEG headers with a chosen frame size (all the server reads of a banner).
const pngBytes = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="),
  (ch) => ch.charCodeAt(0),
);
const jpegOf = (width: number, height: number) =>
  Uint8Array.from([
    0xff,
    0xd8,
    0xff,
    0xe0,
    0,
    16,
    0x4a,
    0x46,
    0x49,
    0x46,
    0,
    1,
    1,
    0,
    0,
    1,
    0,
    1,
    0,
    0,
    0xff,
    0xc0,
    0,
    17,
    8,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    3,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
    0xff,
    0xd9,
  ]);
const logoFile = () => new File([pngBytes], "logo.png", { type: "image/png" });
const bannerFile = (width = 1440, height = 500) =>
  new File([jpegOf(width, height)], "pasica.jpg", { type: "image/jpeg" });

type Parts = { dealership?: unknown; logo?: File; banner?: File; query?: string };

function save(code: string, cookie: string | undefined, parts: Parts = {}) {
  const form = new FormData();
  if (parts.dealership !== undefined)
    form.set("dealership", typeof parts.dealership === "string" ? parts.dealership : JSON.stringify(parts.dealership));
  if (parts.logo) form.set("logo", parts.logo);
  if (parts.banner) form.set("banner", parts.banner);
  return call(`/internal-api/v1/dealership/${code}${parts.query ?? ""}`, {
    method: "POST",
    body: form,
    headers: cookie ? { cookie } : {},
  });
}

const get = (code: string, cookie?: string) =>
  call(`/internal-api/v1/dealership/${code}`, { headers: cookie ? { cookie } : {} });
const rowOf = (id: number) => db().select().from(dealerships).where(eq(dealerships.id, id)).get();
const keyOf = (url: string | null) => (url ?? "").replace(/^\/media\//, "");
const objectsOf = async (id: number) => (await env.MEDIA.list({ prefix: `dealers/${id}/` })).objects.map((o) => o.key);

describe("POST dealership/{code}", () => {
  it("lets a salesperson change the presentation, which the public data then shows; billing fields stay", async () => {
    const { row, code, salesperson } = await dealership();
    const { maker } = await makeAndModel("Škoda Test");
    const res = await save(code, salesperson.cookie, {
      dealership: { ...page, brands: [maker.code], name: "Drugo podjetje", advertisingDays: 999, taxNumber: "X" },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as PublicDealership;
    expect(body).toMatchObject({
      code,
      name: "Avto Test Center",
      address: "Tržaška cesta 10",
      email: "info@avto-test.si",
      // Stored in the one E.164 form (issue 21); pages show it as "+386 1 200 30 40".
      phone: "+38612003040",
      webPage: "https://www.avto-test.si",
      social: { facebook: page.facebook, instagram: page.instagram, tiktok: page.tiktok, youtube: page.youtube },
      hours: { weekdays: { from: "07:30", to: "19:00" }, saturday: { from: "09:00", to: "13:00" } },
      brands: [{ code: maker.code, name: "Škoda Test" }],
      editable: true,
    });
    const publicView = (await (await get(code)).json()) as PublicDealership;
    expect(publicView.hours.saturday).toEqual({ from: "09:00", to: "13:00" });
    expect(publicView.editable).toBe(false);
    const stored = await rowOf(row.id);
    expect(stored).toMatchObject({ name: "Avto Test d.o.o.", advertisingDays: 20, taxNumber: "SI12345678" });
  });

  it("clears optional fields sent empty, so the public page leaves them out", async () => {
    const { code, head } = await dealership();
    const res = await save(code, head.cookie, {
      dealership: { ...page, saturdayFrom: "", saturdayTo: "", tiktok: "", phone: null },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as PublicDealership;
    expect(body.hours.saturday).toBeNull();
    expect(body.social.tiktok).toBeNull();
    expect(body.phone).toBeNull();
  });

  it("refuses a member of another dealership (403), the anonymous (401) and unknown codes (404); admins may edit", async () => {
    const a = await dealership();
    const b = await dealership();
    const forbidden = await save(a.code, b.head.cookie, { dealership: page });
    expect(forbidden.status).toBe(403);
    expect(((await forbidden.json()) as ErrorBody).message).toBe("Strani tega trgovca ne morete urejati.");
    expect((await save(a.code, undefined, { dealership: page })).status).toBe(401);
    const buyer = await signedInUser();
    expect((await save(a.code, buyer.cookie, { dealership: page })).status).toBe(403);
    expect((await save("ni-takega-trgovca", a.head.cookie, { dealership: page })).status).toBe(404);
    expect((await rowOf(a.row.id))?.publicName).toBe("Avto Test");

    const admin = await signedInUser({ amzsAdmin: true });
    expect((await save(a.code, admin.cookie, { dealership: { ...page, publicName: "Urejeno" } })).status).toBe(200);
    expect((await rowOf(a.row.id))?.publicName).toBe("Urejeno");
  });

  it("says the opening time must be before the closing time and saves nothing, not even a valid logo", async () => {
    const { row, code, head } = await dealership();
    const res = await save(code, head.cookie, {
      dealership: { ...page, publicName: "Ne shrani", saturdayFrom: "13:00", saturdayTo: "09:00" },
      logo: logoFile(),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(body.fieldErrors).toEqual([
      { field: "saturdayTo", kind: "INVALID", message: "Ura odprtja mora biti pred uro zaprtja." },
    ]);
    expect(body.message).toBe("Ura odprtja mora biti pred uro zaprtja.");
    const stored = await rowOf(row.id);
    expect(stored).toMatchObject({
      publicName: "Avto Test",
      saturdayFrom: "08:00",
      saturdayTo: "12:00",
      logoKey: null,
    });
    expect(await objectsOf(row.id)).toEqual([]);
  });

  it("refuses javascript: and other non-web addresses, and lists every problem at once", async () => {
    const { row, code, head } = await dealership();
    const res = await save(code, head.cookie, {
      dealership: { ...page, facebook: "javascript:alert(1)", email: "info@", publicName: "" },
    });
    expect(res.status).toBe(400);
    const { fieldErrors } = (await res.json()) as ErrorBody;
    expect(fieldErrors).toEqual([
      { field: "publicName", kind: "MISSING", message: "Vnesite javno ime trgovca." },
      { field: "email", kind: "INVALID", message: "Neveljaven naslov elektronske pošte" },
      {
        field: "facebook",
        kind: "INVALID",
        message: "Vnesite veljaven spletni naslov, ki se začne s http:// ali https://.",
      },
    ]);
    expect((await rowOf(row.id))?.facebook).toBeNull();
  });

  it("refuses brands that are not manufacturers, a missing or broken dealership part and a bad flag", async () => {
    const { code, head } = await dealership();
    const unknown = await save(code, head.cookie, { dealership: { ...page, brands: ["ni-take-znamke"] } });
    expect(((await unknown.json()) as ErrorBody).fieldErrors).toEqual([
      { field: "brands", kind: "INVALID", message: "Izbrane znamke ni med znamkami vozil." },
    ]);
    const missing = await save(code, head.cookie, { logo: logoFile() });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as ErrorBody).fieldErrors).toEqual([
      { field: "dealership", kind: "MISSING", message: "Manjkajo podatki o trgovcu." },
    ]);
    const broken = await save(code, head.cookie, { dealership: "{ni json" });
    expect(((await broken.json()) as ErrorBody).message).toBe("Podatki o trgovcu niso veljaven JSON.");
    const flag = await save(code, head.cookie, { dealership: page, query: "?removeLogo=morda" });
    expect(flag.status).toBe(400);
    expect(((await flag.json()) as ErrorBody).fieldErrors[0]?.field).toBe("removeLogo");
  });

  it("accepts only a 1440 × 500 banner and stores it in R2 for /media", async () => {
    const { row, code, head } = await dealership();
    const wrong = await save(code, head.cookie, { dealership: page, banner: bannerFile(1440, 490) });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as ErrorBody).fieldErrors).toEqual([
      { field: "banner", kind: "INVALID", message: "Pasica mora meriti natanko 1440 × 500 slikovnih pik." },
    ]);
    expect(await objectsOf(row.id)).toEqual([]);

    const ok = await save(code, head.cookie, { dealership: page, banner: bannerFile() });
    expect(ok.status).toBe(200);
    const { bannerUrl } = (await ok.json()) as PublicDealership;
    expect(bannerUrl).toMatch(new RegExp(`^/media/dealers/${row.id}/banner-[0-9a-f-]{36}\\.jpg$`));
    const served = await call(bannerUrl ?? "");
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(jpegOf(1440, 500));
  });

  it("refuses a logo that is not a JPEG, PNG or WebP by its bytes", async () => {
    const { code, head } = await dealership();
    const fake = new File([new TextEncoder().encode("to ni slika")], "logo.png", { type: "image/png" });
    const res = await save(code, head.cookie, { dealership: page, logo: fake });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).fieldErrors).toEqual([
      { field: "logo", kind: "INVALID", message: "Dovoljene so slike JPEG, PNG ali WebP." },
    ]);
  });

  it("replaces a logo and deletes the old object; removeLogo takes it off the page and out of R2", async () => {
    const { row, code, head } = await dealership();
    const first = (await (
      await save(code, head.cookie, { dealership: page, logo: logoFile() })
    ).json()) as PublicDealership;
    expect(first.logoUrl).toMatch(new RegExp(`^/media/dealers/${row.id}/logo-[0-9a-f-]{36}\\.png$`));
    expect(await env.MEDIA.head(keyOf(first.logoUrl))).not.toBeNull();

    const second = (await (
      await save(code, head.cookie, { dealership: page, logo: logoFile() })
    ).json()) as PublicDealership;
    expect(second.logoUrl).not.toBe(first.logoUrl);
    expect(await env.MEDIA.head(keyOf(first.logoUrl))).toBeNull();
    expect(await objectsOf(row.id)).toEqual([keyOf(second.logoUrl)]);

    const removed = await save(code, head.cookie, { dealership: page, query: "?removeLogo=true" });
    expect(removed.status).toBe(200);
    expect(((await removed.json()) as PublicDealership).logoUrl).toBeNull();
    expect((await rowOf(row.id))?.logoKey).toBeNull();
    expect(await env.MEDIA.head(keyOf(second.logoUrl))).toBeNull();
    expect((await call(second.logoUrl ?? "")).status).toBe(404);
  });

  it("keeps a picture another page still shows when replacing it", async () => {
    const a = await dealership();
    const b = await dealership();
    const shared = `seed/dealers/shared-${a.row.id}.png`;
    await env.MEDIA.put(shared, pngBytes);
    await db().update(dealerships).set({ bannerKey: shared }).where(eq(dealerships.id, a.row.id));
    await db().update(dealerships).set({ bannerKey: shared }).where(eq(dealerships.id, b.row.id));
    expect((await save(a.code, a.head.cookie, { dealership: page, query: "?removeBanner=true" })).status).toBe(200);
    expect(await env.MEDIA.head(shared)).not.toBeNull();
  });
});

describe("GET dealership/{code}", () => {
  it("tells members and admins, and nobody else, that they may edit", async () => {
    const a = await dealership();
    const b = await dealership();
    const admin = await signedInUser({ amzsAdmin: true });
    const editable = async (cookie?: string) =>
      ((await (await get(a.code, cookie)).json()) as PublicDealership).editable;
    expect(await editable(a.head.cookie)).toBe(true);
    expect(await editable(a.salesperson.cookie)).toBe(true);
    expect(await editable(admin.cookie)).toBe(true);
    expect(await editable(b.head.cookie)).toBe(false);
    expect(await editable()).toBe(false);
  });
});
