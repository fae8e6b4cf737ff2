import { env } from "cloudflare:workers";
import { and, desc, eq, gt } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { insertArticle, updateArticle } from "~/db/articles.server";
import { auditLog } from "~/db/schema/audit";
import { articles } from "~/db/schema/content";
import { dealerships } from "~/db/schema/dealerships";
import { postingEquipment } from "~/db/schema/postings";
import { ljubljanaDay } from "~/domain/ljubljana-time";
import { addDays } from "~/domain/views-series";
import { call, db, makeAndModel, publishedPosting, signedInUser } from "./fixtures";

type ErrorBody = { message: string; fieldErrors: { field: string; kind: string; message: string }[] };
type AdminArticle = {
  id: number;
  code: string;
  title: string;
  moreLink: string;
  position: number;
  imageUrl: string;
  expiryDate: string | null;
  expired: boolean;
  onSearchPage: boolean;
};
type Descriptor = {
  id: number;
  equipmentCode: string;
  displayName: string;
  videoId: string;
  link: string;
  limitedToMakes: string[];
  equipmentLabel: string;
};
type AuditPage = {
  total: number;
  page: number;
  size: number;
  entities: string[];
  entries: {
    id: number;
    action: string;
    entity: string;
    entityId: string;
    href: string | null;
    createdAt: string;
    actor: { id: number; name: string; email: string } | null;
    before: unknown;
    after: unknown;
  }[];
};

const base = "/internal-api/v1";
// The smallest real PNG (1 × 1) and a JPEG header: the server sniffs the bytes, never the name.
const png = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="),
  (ch) => ch.charCodeAt(0),
);
const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9]);

const get = (path: string, cookie?: string) => call(`${base}${path}`, { headers: cookie ? { cookie } : {} });
const send = (method: string, path: string, cookie?: string, body?: unknown) =>
  call(`${base}${path}`, {
    method,
    headers: { ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const multipart = (
  path: string,
  cookie: string | undefined,
  article: unknown,
  image?: { bytes: Uint8Array<ArrayBuffer>; name: string; type: string },
) => {
  const form = new FormData();
  if (article !== undefined) form.set("article", typeof article === "string" ? article : JSON.stringify(article));
  if (image) form.set("image", new File([image.bytes], image.name, { type: image.type }));
  return call(`${base}${path}`, { method: "POST", headers: cookie ? { cookie } : {}, body: form });
};
const pngImage = { bytes: png, name: "slika.png", type: "image/png" };
const jpegImage = { bytes: jpeg, name: "slika.jpg", type: "image/jpeg" };

let seq = 0;
const articleInput = (over: Record<string, unknown> = {}) => ({
  title: `Novica ${Date.now().toString(36)}-${seq++}`,
  subtitle: "Podnaslov",
  moreLink: "https://www.amzs.si/revija/novica",
  summary: "Kratek povzetek.",
  position: 0,
  expiryDate: null,
  ...over,
});
const descriptorInput = (over: Record<string, unknown> = {}) => ({
  equipmentCode: "PARK_SENSORS_FRONT",
  displayName: "Sprednji senzorji",
  videoId: "q3Rk8vTzLwA",
  description: "Piskajo, ko se bližate oviri.",
  category: "Parkiranje",
  link: "https://avtotrg.si/oprema/senzorji",
  articleLink: null,
  limitedToMakes: [],
  ...over,
});

const roles = async () => ({
  user: await signedInUser(),
  dealer: await signedInUser({ dealershipRole: "HEAD" }),
  editor: await signedInUser({ amzsPostingEditor: true }),
  admin: await signedInUser({ amzsAdmin: true, firstName: "Ada", lastName: "Skrbnik" }),
});
// Expiry dates are Ljubljana calendar days: "today" is today in Slovenia, which is tomorrow in UTC
// between 22:00/23:00 and midnight UTC.
const day = (offsetDays: number) => addDays(ljubljanaDay(new Date()), offsetDays);
const objectKey = (imageUrl: string) => imageUrl.replace(/^\/media\//, "");
// Ids of deleted rows can come back (SQLite rowids), so a test reads only the audit rows written since it began.
const lastAuditId = async () =>
  (await db().select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).get())?.id ?? 0;
const auditOf = (entity: string, entityId: number, since: number) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(entityId)), gt(auditLog.id, since)))
    .orderBy(auditLog.id)
    .all();
const createArticle = async (cookie: string, over: Record<string, unknown> = {}) => {
  const res = await multipart("/search-page-article", cookie, articleInput(over), pngImage);
  expect(res.status).toBe(201);
  return (await res.json()) as AdminArticle;
};

describe("who may use the article, equipment and audit calls", () => {
  it("articles: 401 signed out, 403 'You are not an editor' for users and dealers (before validation), 2xx for editors and admins", async () => {
    const { user, dealer, editor, admin } = await roles();
    const existing = await createArticle(admin.cookie);
    const calls = [
      () => get("/search-page-article"),
      () => multipart("/search-page-article", undefined, "{}"),
      () => multipart(`/search-page-article/${existing.id}`, undefined, "{}"),
      () => send("DELETE", `/search-page-article/${existing.id}`),
    ];
    for (const c of calls) expect((await c()).status).toBe(401);
    for (const who of [user, dealer]) {
      const forbidden = [
        get("/search-page-article", who.cookie),
        multipart("/search-page-article", who.cookie, "{}"),
        multipart(`/search-page-article/${existing.id}`, who.cookie, "{}"),
        send("DELETE", `/search-page-article/${existing.id}`, who.cookie),
        send("DELETE", "/search-page-article/ni-stevilka", who.cookie),
      ];
      for (const res of await Promise.all(forbidden)) {
        expect(res.status).toBe(403);
        expect(((await res.json()) as ErrorBody).message).toBe("You are not an editor");
      }
    }
    for (const who of [editor, admin]) {
      expect((await get("/search-page-article", who.cookie)).status).toBe(200);
      const created = await createArticle(who.cookie);
      expect(
        (await multipart(`/search-page-article/${created.id}`, who.cookie, articleInput({ title: "Popravljeno" })))
          .status,
      ).toBe(200);
      expect((await send("DELETE", `/search-page-article/${created.id}`, who.cookie)).status).toBe(204);
    }
  });

  it("equipment and the audit log: 401 signed out, 403 'You are not an admin' for users, dealers and editors (before validation), 2xx for admins", async () => {
    const { user, dealer, editor, admin } = await roles();
    const paths = (id: string | number) =>
      [
        ["GET", "/equipment-segments"],
        ["GET", "/equipment-descriptor"],
        ["POST", "/equipment-descriptor"],
        ["POST", `/equipment-descriptor/${id}`],
        ["DELETE", `/equipment-descriptor/${id}`],
        ["GET", "/audit-log?page=abc"],
      ] as const;
    for (const [method, path] of paths(1))
      expect((await send(method, path, undefined, method === "POST" ? {} : undefined)).status).toBe(401);
    for (const who of [user, dealer, editor]) {
      for (const [method, path] of paths("x")) {
        const res = await send(method, path, who.cookie, method === "POST" ? {} : undefined);
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(((await res.json()) as ErrorBody).message).toBe("You are not an admin");
      }
    }
    expect((await get("/equipment-segments", admin.cookie)).status).toBe(200);
    expect((await get("/equipment-descriptor", admin.cookie)).status).toBe(200);
    expect((await get("/audit-log", admin.cookie)).status).toBe(200);
    const created = await send(
      "POST",
      "/equipment-descriptor",
      admin.cookie,
      descriptorInput({ equipmentCode: "OTHER_ROOF_RACK" }),
    );
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as Descriptor;
    expect(
      (
        await send(
          "POST",
          `/equipment-descriptor/${id}`,
          admin.cookie,
          descriptorInput({ equipmentCode: "OTHER_ROOF_RACK", displayName: "Strešni nosilci" }),
        )
      ).status,
    ).toBe(200);
    expect((await send("DELETE", `/equipment-descriptor/${id}`, admin.cookie)).status).toBe(204);
    expect((await send("DELETE", `/equipment-descriptor/${id}`, admin.cookie)).status).toBe(404);
  });
});

describe("news articles", () => {
  it("refuses a missing title, an invalid link, a missing or fake picture, a bad date and a missing article part; nothing is stored", async () => {
    const { admin } = await roles();
    const before = (await db().select({ id: articles.id }).from(articles).all()).length;
    const cases: [unknown, typeof pngImage | undefined, string, string][] = [
      [articleInput({ title: "  " }), pngImage, "title", "Vnesite naslov članka."],
      [
        articleInput({ moreLink: "javascript:alert(1)" }),
        pngImage,
        "moreLink",
        "Povezava ni veljavna. Vnesite naslov, ki se začne s http:// ali https://.",
      ],
      [
        articleInput({ moreLink: "ni povezava" }),
        pngImage,
        "moreLink",
        "Povezava ni veljavna. Vnesite naslov, ki se začne s http:// ali https://.",
      ],
      [articleInput({ moreLink: "" }), pngImage, "moreLink", "Vnesite povezavo do članka."],
      [articleInput(), undefined, "image", "Dodajte sliko."],
      [
        articleInput(),
        { bytes: new TextEncoder().encode("to ni slika"), name: "slika.png", type: "image/png" },
        "image",
        "Dovoljene so slike JPEG, PNG ali WebP.",
      ],
      [articleInput({ expiryDate: "2026-02-30" }), pngImage, "expiryDate", "Napačen zapis datuma!"],
      [articleInput({ position: -1 }), pngImage, "position", "Položaj mora biti celo število od 0 do 999."],
      [undefined, pngImage, "article", "Manjkajo podatki o članku."],
      ["{ni json", pngImage, "article", "Podatki o članku niso veljaven JSON."],
    ];
    for (const [article, image, field, message] of cases) {
      const res = await multipart("/search-page-article", admin.cookie, article, image);
      expect(res.status, field).toBe(400);
      expect(((await res.json()) as ErrorBody).fieldErrors).toContainEqual(expect.objectContaining({ field, message }));
    }
    // Every problem at once: the title and the picture.
    const both = (await (
      await multipart("/search-page-article", admin.cookie, articleInput({ title: "" }))
    ).json()) as ErrorBody;
    expect(both.fieldErrors.map((f) => f.field).sort()).toEqual(["image", "title"]);
    expect((await db().select({ id: articles.id }).from(articles).all()).length).toBe(before);
  });

  it("creates an article with its picture in R2, lists it for editors and shows it on the search page; a scheme-less link gets https", async () => {
    const { editor } = await roles();
    const created = await createArticle(editor.cookie, { title: "Zimske gume 2027", moreLink: "www.amzs.si/zimske" });
    expect(created).toMatchObject({
      code: expect.stringMatching(/^zimske-gume-2027/),
      moreLink: "https://www.amzs.si/zimske",
      expired: false,
      expiryDate: null,
    });
    expect(created.imageUrl).toMatch(/^\/media\/articles\/.+\.png$/);
    expect(await env.MEDIA.head(objectKey(created.imageUrl))).not.toBeNull();
    const list = (await (await get("/search-page-article", editor.cookie)).json()) as AdminArticle[];
    expect(list.find((a) => a.id === created.id)).toMatchObject({ title: "Zimske gume 2027" });
    const publicList = (await (await get("/marketplace/articles")).json()) as {
      id: number;
      title: string;
      imageUrl: string;
    }[];
    expect(publicList.find((a) => a.id === created.id)).toMatchObject({
      title: "Zimske gume 2027",
      imageUrl: created.imageUrl,
    });
    // The picture is served.
    expect((await call(created.imageUrl)).status).toBe(200);
  });

  it("an expired article disappears from the search page but stays in the admin list, marked; its expiry day still shows it", async () => {
    const { admin } = await roles();
    const today = await createArticle(admin.cookie, { expiryDate: day(0) });
    const gone = await createArticle(admin.cookie, { expiryDate: day(-1) });
    const publicIds = async () =>
      ((await (await get("/marketplace/articles")).json()) as { id: number }[]).map((a) => a.id);
    expect(await publicIds()).toContain(today.id);
    expect(await publicIds()).not.toContain(gone.id);
    const list = (await (await get("/search-page-article", admin.cookie)).json()) as AdminArticle[];
    expect(list.find((a) => a.id === gone.id)).toMatchObject({
      expired: true,
      onSearchPage: false,
      expiryDate: day(-1),
    });
    expect(list.find((a) => a.id === today.id)).toMatchObject({ expired: false, expiryDate: day(0) });
    // Expiring an article by editing it takes it off the search page.
    expect(
      (await multipart(`/search-page-article/${today.id}`, admin.cookie, articleInput({ expiryDate: day(-2) }))).status,
    ).toBe(200);
    expect(await publicIds()).not.toContain(today.id);
  });

  it("replacing the picture deletes the old object once the row points at the new one; a text-only edit keeps it; delete removes it", async () => {
    const { admin } = await roles();
    const created = await createArticle(admin.cookie);
    const first = objectKey(created.imageUrl);
    const replaced = (await (
      await multipart(
        `/search-page-article/${created.id}`,
        admin.cookie,
        articleInput({ title: "Nova slika" }),
        jpegImage,
      )
    ).json()) as AdminArticle;
    const second = objectKey(replaced.imageUrl);
    expect(second).toMatch(/^articles\/.+\.jpg$/);
    expect(second).not.toBe(first);
    expect(await env.MEDIA.head(first)).toBeNull();
    expect(await env.MEDIA.head(second)).not.toBeNull();
    const textOnly = (await (
      await multipart(`/search-page-article/${created.id}`, admin.cookie, articleInput({ title: "Samo besedilo" }))
    ).json()) as AdminArticle;
    expect(textOnly).toMatchObject({ title: "Samo besedilo", imageUrl: replaced.imageUrl });
    expect(await env.MEDIA.head(second)).not.toBeNull();
    expect((await send("DELETE", `/search-page-article/${created.id}`, admin.cookie)).status).toBe(204);
    expect(await env.MEDIA.head(second)).toBeNull();
    expect(await db().select().from(articles).where(eq(articles.id, created.id)).get()).toBeUndefined();
    expect((await send("DELETE", `/search-page-article/${created.id}`, admin.cookie)).status).toBe(404);
    expect((await multipart(`/search-page-article/${created.id}`, admin.cookie, articleInput())).status).toBe(404);
  });

  it("writes an audit row for create, update and delete with who did it and the before and after", async () => {
    const { editor } = await roles();
    const since = await lastAuditId();
    const created = await createArticle(editor.cookie, { title: "Prvi naslov" });
    await multipart(`/search-page-article/${created.id}`, editor.cookie, articleInput({ title: "Drugi naslov" }));
    await send("DELETE", `/search-page-article/${created.id}`, editor.cookie);
    const rows = await auditOf("article", created.id, since);
    expect(rows.map((r) => r.action)).toEqual(["article.create", "article.update", "article.delete"]);
    expect(rows.every((r) => r.actorUserId === editor.user.id && r.impersonatedUserId === null)).toBe(true);
    expect(JSON.parse(rows[0]?.afterJson ?? "null")).toMatchObject({ title: "Prvi naslov", code: created.code });
    expect(JSON.parse(rows[1]?.beforeJson ?? "null")).toMatchObject({ title: "Prvi naslov" });
    expect(JSON.parse(rows[1]?.afterJson ?? "null")).toMatchObject({ title: "Drugi naslov" });
    expect(JSON.parse(rows[2]?.beforeJson ?? "null")).toMatchObject({ id: created.id, title: "Drugi naslov" });
  });

  it("the change and its audit row are one batch: when the audit row cannot be written, the article stays as it was", async () => {
    const { admin } = await roles();
    const since = await lastAuditId();
    const created = await createArticle(admin.cookie, { title: "Nespremenjen" });
    // Another admin replaced the picture meanwhile: the guarded audit row fails, and with it the update.
    await expect(
      updateArticle(
        db(),
        created.id,
        { title: "Spremenjen" },
        "articles/druga-slika.png",
        { actorUserId: admin.user.id, impersonatedUserId: null },
        {},
      ),
    ).rejects.toThrow();
    expect(
      (await db().select({ title: articles.title }).from(articles).where(eq(articles.id, created.id)).get())?.title,
    ).toBe("Nespremenjen");
    expect((await auditOf("article", created.id, since)).map((r) => r.action)).toEqual(["article.create"]);
    // The audit row comes after the new row in the batch: an actor who does not exist (foreign key) undoes the insert.
    const code = `brez-revizije-${Date.now().toString(36)}`;
    const values = {
      title: "Brez revizije",
      subtitle: null,
      summary: null,
      moreLink: "https://www.amzs.si",
      position: 0,
      expiresAt: null,
      imageKey: "articles/x.png",
    };
    await expect(
      insertArticle(db(), code, values, { actorUserId: 2_000_000_000, impersonatedUserId: null }),
    ).rejects.toThrow();
    expect(await db().select().from(articles).where(eq(articles.code, code)).get()).toBeUndefined();
  });
});

describe("equipment descriptors", () => {
  it("lists the equipment by segment with the categories in use", async () => {
    const { admin } = await roles();
    const segments = (await (await get("/equipment-segments", admin.cookie)).json()) as {
      segments: { code: string; label: string; equipment: { code: string; label: string }[] }[];
      categories: string[];
    };
    expect(segments.segments.map((s) => s.code)).toEqual(["AC", "INNER", "OTHER", "PARK", "SAFETY", "UNDER"]);
    expect(segments.segments.find((s) => s.code === "SAFETY")?.equipment).toContainEqual({
      code: "SAFETY_ABS",
      label: "Zavorni sistem ABS",
    });
    expect(segments.categories).toContain("Varnost");
  });

  it("requires equipment, display name, link and video id, and checks links, the video id and the makes", async () => {
    const { admin } = await roles();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ equipmentCode: undefined }, "equipmentCode", "Izberite opremo."],
      [{ equipmentCode: "NI_OPREMA" }, "equipmentCode", "Izberite opremo."],
      [{ displayName: " " }, "displayName", "Vnesite prikazno ime."],
      [{ link: "" }, "link", "Vnesite povezavo."],
      [
        { link: "ftp://primer.si/x" },
        "link",
        "Povezava ni veljavna. Vnesite naslov, ki se začne s http:// ali https://.",
      ],
      [{ videoId: "" }, "videoId", "Vnesite ID videa."],
      [
        { videoId: "kratek" },
        "videoId",
        "ID videa ni veljaven. Vnesite 11-mestni ID ali povezavo do videa na YouTubu.",
      ],
      [
        { articleLink: "javascript:alert(1)" },
        "articleLink",
        "Povezava ni veljavna. Vnesite naslov, ki se začne s http:// ali https://.",
      ],
      [{ limitedToMakes: ["ni-znamka-xyz"] }, "limitedToMakes", "Neveljavna znamka."],
    ];
    for (const [over, field, message] of cases) {
      const res = await send(
        "POST",
        "/equipment-descriptor",
        admin.cookie,
        descriptorInput({ equipmentCode: "INNER_ISOFIX", ...over }),
      );
      expect(res.status, field).toBe(400);
      expect(((await res.json()) as ErrorBody).fieldErrors).toContainEqual(expect.objectContaining({ field, message }));
    }
    const list = (await (await get("/equipment-descriptor", admin.cookie)).json()) as Descriptor[];
    expect(list.filter((d) => d.equipmentCode === "INNER_ISOFIX")).toEqual([]);
  });

  it("takes a pasted YouTube link as the video id and refuses a second descriptor for the same equipment and make", async () => {
    const { admin } = await roles();
    const { maker } = await makeAndModel();
    const res = await send(
      "POST",
      "/equipment-descriptor",
      admin.cookie,
      descriptorInput({
        equipmentCode: "INNER_SUNROOF",
        videoId: "https://youtu.be/Xm7pL2dQe9s?si=x",
        limitedToMakes: [maker.code],
      }),
    );
    expect(res.status).toBe(201);
    const created = (await res.json()) as Descriptor;
    expect(created).toMatchObject({
      videoId: "Xm7pL2dQe9s",
      limitedToMakes: [maker.code],
      equipmentLabel: "Strešno okno",
    });
    const clash = await send(
      "POST",
      "/equipment-descriptor",
      admin.cookie,
      descriptorInput({ equipmentCode: "INNER_SUNROOF", displayName: "Drugo", limitedToMakes: [maker.code] }),
    );
    expect(clash.status).toBe(400);
    expect(((await clash.json()) as ErrorBody).fieldErrors).toContainEqual(
      expect.objectContaining({
        field: "limitedToMakes",
        message: "Za to opremo in te znamke opis že obstaja (Sprednji senzorji).",
      }),
    );
    // A general one beside the make's own is fine; saving the same one again is not a clash with itself.
    const general = await send(
      "POST",
      "/equipment-descriptor",
      admin.cookie,
      descriptorInput({ equipmentCode: "INNER_SUNROOF", displayName: "Strešno okno" }),
    );
    expect(general.status).toBe(201);
    expect(
      (
        await send(
          "POST",
          `/equipment-descriptor/${created.id}`,
          admin.cookie,
          descriptorInput({ equipmentCode: "INNER_SUNROOF", limitedToMakes: [maker.code] }),
        )
      ).status,
    ).toBe(200);
    for (const id of [created.id, ((await general.json()) as Descriptor).id])
      await send("DELETE", `/equipment-descriptor/${id}`, admin.cookie);
  });

  it("shows a new descriptor on a posting with that equipment, the make's own before the general one, and audits create, update and delete", async () => {
    const { admin } = await roles();
    const { maker } = await makeAndModel();
    const other = await makeAndModel();
    const posting = await publishedPosting({ manufacturerId: maker.id });
    const otherPosting = await publishedPosting({ manufacturerId: other.maker.id });
    await db()
      .insert(postingEquipment)
      .values([
        { postingId: posting.id, code: "OTHER_TOW_HOOK", kind: "ADDITIONAL" },
        { postingId: otherPosting.id, code: "OTHER_TOW_HOOK", kind: "ADDITIONAL" },
      ]);
    type Detail = {
      equipment: {
        code: string;
        descriptor: {
          name: string;
          link: string;
          videoId: string;
          text: string | null;
          articleLink: string | null;
        } | null;
      }[];
    };
    const towHook = async (code: string) =>
      ((await (await get(`/postings/${code}`)).json()) as Detail).equipment.filter((e) => e.code === "OTHER_TOW_HOOK");
    expect(await towHook(posting.code)).toEqual([
      { code: "OTHER_TOW_HOOK", kind: "ADDITIONAL", packageName: null, descriptor: null },
    ]);

    const since = await lastAuditId();
    const general = (await (
      await send(
        "POST",
        "/equipment-descriptor",
        admin.cookie,
        descriptorInput({
          equipmentCode: "OTHER_TOW_HOOK",
          displayName: "Vlečna kljuka",
          articleLink: "https://avtotrg.si/clanki/prikolice",
        }),
      )
    ).json()) as Descriptor;
    const own = (await (
      await send(
        "POST",
        "/equipment-descriptor",
        admin.cookie,
        descriptorInput({
          equipmentCode: "OTHER_TOW_HOOK",
          displayName: "Kljuka na izvlek",
          limitedToMakes: [maker.code],
        }),
      )
    ).json()) as Descriptor;
    expect(await towHook(posting.code)).toEqual([
      {
        code: "OTHER_TOW_HOOK",
        kind: "ADDITIONAL",
        packageName: null,
        descriptor: {
          name: "Kljuka na izvlek",
          link: "https://avtotrg.si/oprema/senzorji",
          videoId: "q3Rk8vTzLwA",
          text: "Piskajo, ko se bližate oviri.",
          articleLink: null,
        },
      },
    ]);
    expect((await towHook(otherPosting.code))[0]?.descriptor).toMatchObject({
      name: "Vlečna kljuka",
      articleLink: "https://avtotrg.si/clanki/prikolice",
    });

    await send(
      "POST",
      `/equipment-descriptor/${own.id}`,
      admin.cookie,
      descriptorInput({
        equipmentCode: "OTHER_TOW_HOOK",
        displayName: "Snemljiva kljuka",
        limitedToMakes: [maker.code],
      }),
    );
    expect((await towHook(posting.code))[0]?.descriptor?.name).toBe("Snemljiva kljuka");
    await send("DELETE", `/equipment-descriptor/${own.id}`, admin.cookie);
    expect((await towHook(posting.code))[0]?.descriptor?.name).toBe("Vlečna kljuka");
    await send("DELETE", `/equipment-descriptor/${general.id}`, admin.cookie);

    const rows = await auditOf("equipment_descriptor", own.id, since);
    expect(rows.map((r) => r.action)).toEqual([
      "equipment-descriptor.create",
      "equipment-descriptor.update",
      "equipment-descriptor.delete",
    ]);
    expect(rows.every((r) => r.actorUserId === admin.user.id)).toBe(true);
    expect(JSON.parse(rows[1]?.beforeJson ?? "null")).toMatchObject({ displayName: "Kljuka na izvlek" });
    expect(JSON.parse(rows[1]?.afterJson ?? "null")).toMatchObject({ displayName: "Snemljiva kljuka" });
    expect(JSON.parse(rows[2]?.beforeJson ?? "null")).toMatchObject({ id: own.id, displayName: "Snemljiva kljuka" });
  });
});

describe("the audit log", () => {
  it("pages newest first with who (name and e-mail), what, entity and before/after; filters by entity and actor", async () => {
    const { admin } = await roles();
    const article = await createArticle(admin.cookie, { title: "Za revizijo" });
    const descriptor = (await (
      await send(
        "POST",
        "/equipment-descriptor",
        admin.cookie,
        descriptorInput({ equipmentCode: "UNDER_TPMS", displayName: "Tlak v gumah" }),
      )
    ).json()) as Descriptor;

    const all = (await (await get("/audit-log", admin.cookie)).json()) as AuditPage;
    const ids = all.entries.map((e) => e.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    expect(all.entities).toEqual(expect.arrayContaining(["article", "equipment_descriptor"]));

    // This admin's own entries: newest first, with name, e-mail, entity and the snapshots.
    const byEmail = (await (
      await get(`/audit-log?actor=${encodeURIComponent(admin.user.email ?? "")}`, admin.cookie)
    ).json()) as AuditPage;
    expect(byEmail.total).toBe(2);
    expect(byEmail.entries.map((e) => e.action)).toEqual(["equipment-descriptor.create", "article.create"]);
    expect(byEmail.entries[1]).toMatchObject({
      entity: "article",
      entityId: String(article.id),
      actor: { id: admin.user.id, name: "Ada Skrbnik", email: admin.user.email },
      before: null,
      after: expect.objectContaining({ title: "Za revizijo" }),
    });
    expect(new Date(byEmail.entries[1]?.createdAt ?? "").getTime()).toBeGreaterThan(Date.now() - 60_000);
    const byName = (await (
      await get("/audit-log?actor=ada%20skrbnik&entity=article", admin.cookie)
    ).json()) as AuditPage;
    expect(byName.entries.map((e) => e.entityId)).toContain(String(article.id));
    expect(byName.entries.every((e) => e.entity === "article")).toBe(true);
    const byId = (await (
      await get(`/audit-log?actor=${admin.user.id}&entity=equipment_descriptor`, admin.cookie)
    ).json()) as AuditPage;
    expect(byId.entries.map((e) => e.entityId)).toEqual([String(descriptor.id)]);

    // 26 entries of one entity: 25 on the first page, the oldest alone on the second.
    const entity = `paging_${Date.now().toString(36)}`;
    for (let i = 0; i < 26; i++)
      await db()
        .insert(auditLog)
        .values({ actorUserId: admin.user.id, action: `test.${i}`, entity, entityId: String(i) });
    const first = (await (await get(`/audit-log?entity=${entity}`, admin.cookie)).json()) as AuditPage;
    expect(first).toMatchObject({ total: 26, page: 1, size: 25 });
    expect(first.entries[0]?.action).toBe("test.25");
    const second = (await (await get(`/audit-log?entity=${entity}&page=2`, admin.cookie)).json()) as AuditPage;
    expect(second.entries.map((e) => e.action)).toEqual(["test.0"]);
    await send("DELETE", `/equipment-descriptor/${descriptor.id}`, admin.cookie);
  });
  it("links each entry to its record: the public posting, the dealership's admin screen by code, the user in the list", async () => {
    const { dealer, admin } = await roles();
    const code = `revizija-${Date.now().toString(36)}`;
    const [row] = await db().insert(dealerships).values({ name: "Revizija d.o.o.", code }).returning();
    const dealershipId = row?.id ?? 0;
    const rows = [
      { action: "posting-review.save", entity: "posting", entityId: "2209" },
      { action: "dealer.credit-days", entity: "dealership", entityId: String(dealershipId) },
      { action: "impersonate.start", entity: "user", entityId: String(dealer.user.id) },
      { action: "POST /internal-api/v1/drafts", entity: "request", entityId: null },
    ] as const;
    for (const r of rows)
      await db()
        .insert(auditLog)
        .values({ actorUserId: admin.user.id, ...r });
    const page = (await (await get(`/audit-log?actor=${admin.user.id}`, admin.cookie)).json()) as AuditPage;
    expect(page.entries.map((e) => [e.action, e.href])).toEqual([
      ["POST /internal-api/v1/drafts", null],
      ["impersonate.start", `/administracija/uporabniki?q=${dealer.user.id}`],
      ["dealer.credit-days", `/administracija/poslovne-enote?q=${code}`],
      ["posting-review.save", "/oglas/2209"],
    ]);
  });
});
