import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AdminDealership } from "~/contracts/admin-dealers";
import { dealerships } from "~/db/schema/dealerships";
import type { PublicDealership } from "~/domain/dealership";
import type { ErrorBody } from "~/domain/errors";
import type { WeekForm } from "~/domain/opening-hours";
import { call, db, publishedPosting, signedInUser } from "./fixtures";

// Issue 25 (decision 072): per-day opening hours through `POST dealership/{code}` and the admin's
// `POST dealer` / `POST dealer/{code}`; the attacks first, then what a head and an admin see.

let n = 0;
const tag = () => `oh-${Date.now().toString(36)}-${(n++).toString(36)}`;

async function dealershipWithPeople() {
  const code = tag();
  const [row] = await db()
    .insert(dealerships)
    .values({ code, name: `Avto Ure ${code}`, weekdayFrom: "08:00", weekdayTo: "16:00" })
    .returning();
  if (!row) throw new Error("dealership not inserted");
  const head = await signedInUser({ dealershipId: row.id, dealershipRole: "HEAD" });
  const salesperson = await signedInUser({ dealershipId: row.id, dealershipRole: "SALESPERSON" });
  return { row, code, head, salesperson };
}

const open = (from: string, to: string, breakFrom = "", breakTo = "") => ({
  closed: false,
  from,
  to,
  breakFrom,
  breakTo,
});
const closed = { closed: true, from: "", to: "", breakFrom: "", breakTo: "" };
/** Weekdays 8–17 with a lunch break, Saturday 8–12, Sunday closed. */
const lunchWeek = (): WeekForm => ({
  mon: open("08:00", "17:00", "12:00", "13:00"),
  tue: open("08:00", "17:00", "12:00", "13:00"),
  wed: open("08:00", "17:00", "12:00", "13:00"),
  thu: open("08:00", "17:00", "12:00", "13:00"),
  fri: open("08:00", "17:00", "12:00", "13:00"),
  sat: open("08:00", "12:00"),
  sun: closed,
});

function savePage(code: string, cookie: string | undefined, dealership: unknown) {
  const form = new FormData();
  form.set("dealership", typeof dealership === "string" ? dealership : JSON.stringify(dealership));
  return call(`/internal-api/v1/dealership/${code}`, { method: "POST", body: form, headers: cookie ? { cookie } : {} });
}
const rowOf = (id: number) => db().select().from(dealerships).where(eq(dealerships.id, id)).get();
const fieldsOf = async (res: Response) => ((await res.json()) as ErrorBody).fieldErrors.map((f) => f.field);

describe("POST dealership/{code} with per-day hours: attacks", () => {
  it("refuses the head of another dealership and a salesperson of another dealership (403), anonymous (401)", async () => {
    const target = await dealershipWithPeople();
    const other = await dealershipWithPeople();
    const body = { publicName: "Prevzeto", hours: lunchWeek() };
    expect((await savePage(target.code, other.head.cookie, body)).status).toBe(403);
    expect((await savePage(target.code, other.salesperson.cookie, body)).status).toBe(403);
    expect((await savePage(target.code, undefined, body)).status).toBe(401);
    const row = await rowOf(target.row.id);
    expect(row?.openingHours).toBeNull();
    expect(row?.weekdayFrom).toBe("08:00");
  });

  it("answers 400 with Slovenian fieldErrors at the exact day and field, never 500", async () => {
    const { code, head, row } = await dealershipWithPeople();
    const cases: [unknown, string][] = [
      [{ ...lunchWeek(), mon: open("25:00", "17:00") }, "hours.mon.from"],
      [{ ...lunchWeek(), tue: open("08:00", "17:00", "07:00", "09:00") }, "hours.tue.breakFrom"],
      [{ ...lunchWeek(), wed: open("08:00", "17:00", "16:00", "18:00") }, "hours.wed.breakTo"],
      [{ ...lunchWeek(), thu: open("17:00", "08:00") }, "hours.thu.to"],
      [{ ...lunchWeek(), sun: open("", "") }, "hours.sun.from"],
      [{ ...lunchWeek(), fri: open("08:00", "17:00", "12:00", "") }, "hours.fri.breakTo"],
      [{ ...lunchWeek(), hol: closed }, "hours"],
      [{ ...lunchWeek(), sun: undefined }, "hours.sun"],
      [{ ...lunchWeek(), sat: "zaprto" }, "hours.sat"],
      [{ ...lunchWeek(), sat: { ...closed, closed: "da" } }, "hours.sat.closed"],
      ["vedno", "hours"],
      [[1, 2, 3, 4, 5, 6, 7, 8], "hours"],
    ];
    for (const [hours, field] of cases) {
      const res = await savePage(code, head.cookie, { publicName: "Avto Ure", hours });
      expect(res.status, field).toBe(400);
      const body = (await res.json()) as ErrorBody;
      expect(body.fieldErrors.map((f) => f.field)).toContain(field);
      for (const f of body.fieldErrors) expect(f.message).toMatch(/[a-zčšž]/);
    }
    const malformed = await savePage(code, head.cookie, '{"publicName":"X","hours":{');
    expect(malformed.status).toBe(400);
    expect((await rowOf(row.id))?.openingHours).toBeNull();
  });

  it("two saves at once leave one whole week, with the spec's fields made from that same week", async () => {
    const { code, head, row } = await dealershipWithPeople();
    const early = { ...lunchWeek(), mon: open("07:00", "15:00"), sat: closed };
    const [a, b] = await Promise.all([
      savePage(code, head.cookie, { publicName: "A", hours: early }),
      savePage(code, head.cookie, { publicName: "B", hours: lunchWeek() }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const stored = await rowOf(row.id);
    const week = stored?.openingHours;
    expect(stored?.weekdayFrom).toBe(week?.mon?.from);
    expect(stored?.saturdayFrom ?? null).toBe(week?.sat?.from ?? null);
    expect(stored?.publicName === "A" ? week?.mon?.from : week?.mon?.breakFrom).toBe(
      stored?.publicName === "A" ? "07:00" : "12:00",
    );
  });
});

describe("POST dealership/{code} with per-day hours: what the head and the public see", () => {
  it("stores Sunday closed and a lunch break; the public data has the week and the spec's weekly/Saturday hours", async () => {
    const { code, head, row } = await dealershipWithPeople();
    const res = await savePage(code, head.cookie, { publicName: "Avto Ure", hours: lunchWeek() });
    expect(res.status).toBe(200);
    const pub = (await (await call(`/internal-api/v1/dealership/${code}`)).json()) as PublicDealership;
    expect(pub.openingHours.sun).toBeNull();
    expect(pub.openingHours.wed).toEqual({ from: "08:00", to: "17:00", breakFrom: "12:00", breakTo: "13:00" });
    expect(pub.openingHours.sat).toEqual({ from: "08:00", to: "12:00", breakFrom: null, breakTo: null });
    expect(pub.hours).toEqual({ weekdays: { from: "08:00", to: "17:00" }, saturday: { from: "08:00", to: "12:00" } });
    // The JSON-LD's specification comes with it (written on the server): a break makes two stretches, Sunday none.
    expect(pub.openingHoursSpecification.filter((s) => s.dayOfWeek.endsWith("Monday"))).toEqual([
      { "@type": "OpeningHoursSpecification", dayOfWeek: "https://schema.org/Monday", opens: "08:00", closes: "12:00" },
      { "@type": "OpeningHoursSpecification", dayOfWeek: "https://schema.org/Monday", opens: "13:00", closes: "17:00" },
    ]);
    expect(pub.openingHoursSpecification.some((s) => s.dayOfWeek.endsWith("Sunday"))).toBe(false);

    // A posting of the dealership shows the same week in its seller box, in the page's words.
    const posting = await publishedPosting({ userId: head.user.id, dealershipId: row.id });
    const detail = (await (await call(`/internal-api/v1/postings/${posting.id}`)).json()) as {
      seller: { dealer: { hours: { summary: string[] } } };
    };
    expect(detail.seller.dealer.hours.summary).toEqual([
      "Pon–pet 8.00–12.00, 13.00–17.00",
      "Sob 8.00–12.00",
      "Ned zaprto",
    ]);
  });

  it("a salesperson of the dealership may edit them (decision 014); a client sending only the spec's fields gets that week", async () => {
    const { code, salesperson, row } = await dealershipWithPeople();
    const res = await savePage(code, salesperson.cookie, {
      publicName: "Avto Ure",
      weekdayFrom: "09:00",
      weekdayTo: "18:00",
      saturdayFrom: "",
      saturdayTo: "",
    });
    expect(res.status).toBe(200);
    const week = (await rowOf(row.id))?.openingHours;
    expect(week?.fri).toEqual({ from: "09:00", to: "18:00", breakFrom: null, breakTo: null });
    expect(week?.sat).toBeNull();
    expect(week?.sun).toBeNull();
  });

  it("a row written before per-day hours reads as its weekly and Saturday hours with Sunday closed", async () => {
    const { code } = await dealershipWithPeople();
    const pub = (await (await call(`/internal-api/v1/dealership/${code}`)).json()) as PublicDealership;
    expect(pub.openingHours.mon).toEqual({ from: "08:00", to: "16:00", breakFrom: null, breakTo: null });
    expect(pub.openingHours.sat).toBeNull();
    expect(pub.openingHours.sun).toBeNull();
  });
});

describe("admin dealership form with per-day hours", () => {
  const adminBody = (hours: unknown) => ({
    name: `Avtohiša ${tag()} d.o.o.`,
    subscriptionEndDate: "2030-12-31",
    buyerNumber: "ERP-31",
    taxNumber: "SI 80267432",
    registrationNumber: "5860571000",
    responsibleFirstName: "Tina",
    responsibleLastName: "Zupan",
    responsiblePhone: "041 123 456",
    responsibleEmail: "tina@ure.si",
    hours,
  });
  const post = (path: string, cookie: string, body: unknown) =>
    call(`/internal-api/v1/${path}`, {
      method: "POST",
      body: JSON.stringify(body),
      headers: { cookie, "content-type": "application/json" },
    });

  it("creates and edits a dealership's week; a bad break is refused at its field; a dealer head may not use it", async () => {
    const admin = await signedInUser({ amzsAdmin: true });
    const created = await post("dealer", admin.cookie, adminBody(lunchWeek()));
    expect(created.status).toBe(201);
    const dealer = (await created.json()) as AdminDealership;
    expect(dealer.openingHours.sun).toBeNull();
    expect(dealer.openingHours.mon?.breakFrom).toBe("12:00");
    expect(dealer.weekdayTo).toBe("17:00");

    const bad = await post(`dealer/${dealer.code}`, admin.cookie, {
      ...adminBody({ ...lunchWeek(), sat: open("08:00", "12:00", "11:00", "12:30") }),
    });
    expect(bad.status).toBe(400);
    expect(await fieldsOf(bad)).toContain("hours.sat.breakTo");

    const edited = await post(
      `dealer/${dealer.code}`,
      admin.cookie,
      adminBody({ ...lunchWeek(), sun: open("10:00", "14:00") }),
    );
    expect(edited.status).toBe(200);
    expect(((await edited.json()) as AdminDealership).openingHours.sun).toEqual({
      from: "10:00",
      to: "14:00",
      breakFrom: null,
      breakTo: null,
    });

    const { head } = await dealershipWithPeople();
    expect((await post(`dealer/${dealer.code}`, head.cookie, adminBody(lunchWeek()))).status).toBe(403);
  });
});
