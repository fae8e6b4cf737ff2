import { describe, expect, it } from "vitest";
import { articles } from "~/db/schema/content";
import { call, db } from "./fixtures";

let counter = 0;
const unique = () => `${Date.now().toString(36)}-${(counter++).toString(36)}`;

async function article(values: Partial<typeof articles.$inferInsert> = {}) {
  const code = `clanek-${unique()}`;
  const [row] = await db()
    .insert(articles)
    .values({
      code,
      title: "Zimske pnevmatike",
      subtitle: "Kdaj jih obuti",
      summary: "Kratko",
      body: "Celotno besedilo članka.",
      moreLink: "https://primer.si/clanek",
      imageKey: "seed/articles/x.svg",
      ...values,
    })
    .returning();
  if (!row) throw new Error("article not inserted");
  return row;
}

type ErrorBody = { message: string; statusCode: number; fieldErrors: { field: string }[]; errors: unknown[] };

describe("GET articles/{code} (spec section 7, campaign and public)", () => {
  it("answers a current article with its body and picture to anyone, signed out included", async () => {
    const a = await article({ expiresAt: new Date(Date.now() + 86_400_000).toISOString() });
    const res = await call(`/internal-api/v1/articles/${a.code}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      id: a.id,
      code: a.code,
      title: "Zimske pnevmatike",
      subtitle: "Kdaj jih obuti",
      summary: "Kratko",
      body: "Celotno besedilo članka.",
      moreLink: "https://primer.si/clanek",
      position: 0,
      imageUrl: "/media/seed/articles/x.svg",
      expiresAt: a.expiresAt,
    });
  });

  it("answers 404 in the one error shape for an unknown code and for an expired article", async () => {
    const expired = await article({ expiresAt: new Date(Date.now() - 60_000).toISOString() });
    for (const code of [`ni-ga-${unique()}`, expired.code]) {
      const res = await call(`/internal-api/v1/articles/${code}`);
      expect(res.status).toBe(404);
      const body = (await res.json()) as ErrorBody;
      expect(body).toMatchObject({ statusCode: 404, message: "Članek ne obstaja.", fieldErrors: [] });
    }
  });

  it("validates the path parameter with zod: a malformed code is a 400 naming the field, never a 500 or a query", async () => {
    for (const code of ["Velike-Crke", "a%27%20OR%201%3D1", "x".repeat(81)]) {
      const res = await call(`/internal-api/v1/articles/${code}`);
      expect(res.status).toBe(400);
      const body = (await res.json()) as ErrorBody;
      expect(body.statusCode).toBe(400);
      expect(body.fieldErrors.map((f) => f.field)).toEqual(["code"]);
    }
  });
});
