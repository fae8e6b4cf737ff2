import { describe, expect, it } from "vitest";
import { outboxEmailProvider } from "~/services/providers/email.server";
import { sendSavedSearchAlerts } from "~/services/saved-searches.server";
import { call, db, json, makeAndModel, publishedPosting, signedInUser } from "./fixtures";

type Saved = { id: number; name: string; query: string; newCount: number; alertsEnabled: boolean };

describe("saved searches", () => {
  it("saves a search in canonical form, counts new matches since last seen, and deletes it", async () => {
    const { maker, model } = await makeAndModel();
    const { cookie } = await signedInUser();
    const res = await call(
      "/internal-api/v1/saved-searches",
      json({ name: "  Moj karavan ", query: `fuelType=DIESEL&model=${maker.code}&page=4&ai=x` }, cookie),
    );
    expect(res.status).toBe(201);
    const saved = (await res.json()) as Saved;
    expect(saved).toMatchObject({
      name: "Moj karavan",
      query: `model=${maker.code}&fuel=DIESEL`,
      newCount: 0,
      alertsEnabled: true,
    });
    await publishedPosting({
      manufacturerId: maker.id,
      baseModelId: model.id,
      fuel: "DIESEL",
      publishedAt: new Date(Date.now() + 1000).toISOString(),
    });
    await publishedPosting({
      manufacturerId: maker.id,
      baseModelId: model.id,
      fuel: "PETROL",
      publishedAt: new Date(Date.now() + 1000).toISOString(),
    });
    const list = (await (await call("/internal-api/v1/saved-searches", { headers: { cookie } })).json()) as Saved[];
    expect(list.find((s) => s.id === saved.id)?.newCount).toBe(1);
    expect(
      (await call(`/internal-api/v1/saved-searches/${saved.id}`, { method: "DELETE", headers: { cookie } })).status,
    ).toBe(204);
    expect((await (await call("/internal-api/v1/saved-searches", { headers: { cookie } })).json()) as Saved[]).toEqual(
      [],
    );
  });

  it("keeps each user's searches to themselves and validates the name", async () => {
    const owner = await signedInUser();
    const other = await signedInUser();
    const saved = (await (
      await call("/internal-api/v1/saved-searches", json({ name: "Zasebno", query: "" }, owner.cookie))
    ).json()) as Saved;
    expect(
      (
        await call(`/internal-api/v1/saved-searches/${saved.id}`, {
          method: "DELETE",
          headers: { cookie: other.cookie },
        })
      ).status,
    ).toBe(404);
    expect((await call("/internal-api/v1/saved-searches", json({ name: "x", query: "" }))).status).toBe(401);
    const noName = await call("/internal-api/v1/saved-searches", json({ name: "   ", query: "" }, owner.cookie));
    expect(noName.status).toBe(400);
    expect(
      ((await noName.json()) as { fieldErrors: { field: string; kind: string; message: string }[] }).fieldErrors[0],
    ).toEqual({ field: "name", kind: "MISSING", message: "Vnesite ime iskanja." });
  });
});

describe("saved searches: duplicates and opening", () => {
  it("refuses the same criteria twice (any order, any sort) with 409, also for two parallel saves", async () => {
    const { maker } = await makeAndModel("Dvojnik");
    const { cookie } = await signedInUser();
    const first = await call(
      "/internal-api/v1/saved-searches",
      json({ name: "Prvo", query: `model=${maker.code}&fuel=DIESEL&fuel=PETROL` }, cookie),
    );
    expect(first.status).toBe(201);
    const again = await call(
      "/internal-api/v1/saved-searches",
      json({ name: "Drugo", query: `fuel=PETROL&sort=priceAsc&fuel=DIESEL&model=${maker.code}&page=2` }, cookie),
    );
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe("To iskanje je že shranjeno.");

    const parallel = await Promise.all(
      [1, 2, 3].map(() =>
        call("/internal-api/v1/saved-searches", json({ name: "Hkrati", query: `model=${maker.code}` }, cookie)),
      ),
    );
    expect(parallel.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const list = (await (await call("/internal-api/v1/saved-searches", { headers: { cookie } })).json()) as Saved[];
    expect(list.map((s) => s.name)).toEqual(["Prvo", "Hkrati"]);
    // Another user may save the same criteria.
    const other = await signedInUser();
    expect(
      (
        await call(
          "/internal-api/v1/saved-searches",
          json({ name: "Moje", query: `model=${maker.code}` }, other.cookie),
        )
      ).status,
    ).toBe(201);
  });

  it("opening from the list (a form post) resets the new-hit count and goes on to the search; never another user's", async () => {
    const { maker, model } = await makeAndModel("Odpri");
    const owner = await signedInUser();
    const saved = (await (
      await call("/internal-api/v1/saved-searches", json({ name: "Odpri", query: `model=${maker.code}` }, owner.cookie))
    ).json()) as Saved;
    await publishedPosting({
      manufacturerId: maker.id,
      baseModelId: model.id,
      publishedAt: new Date(Date.now() + 1000).toISOString(),
    });
    const countOf = async () =>
      (
        (await (await call("/internal-api/v1/saved-searches", { headers: { cookie: owner.cookie } })).json()) as Saved[]
      ).find((s) => s.id === saved.id)?.newCount;
    expect(await countOf()).toBe(1);

    const attacker = await signedInUser();
    for (const [method, path] of [
      ["POST", `${saved.id}/open`],
      ["POST", `${saved.id}/seen`],
      ["DELETE", `${saved.id}`],
    ]) {
      const res = await call(`/internal-api/v1/saved-searches/${path}`, {
        method,
        headers: { cookie: attacker.cookie },
        redirect: "manual",
      });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect(await countOf()).toBe(1);
    // A form post from another site is refused before anything changes.
    const forged = await call(`/internal-api/v1/saved-searches/${saved.id}/open`, {
      method: "POST",
      headers: { cookie: owner.cookie, origin: "https://evil.example" },
      redirect: "manual",
    });
    expect(forged.status).toBe(403);
    expect(await countOf()).toBe(1);

    await new Promise((r) => setTimeout(r, 1100));
    const open = await call(`/internal-api/v1/saved-searches/${saved.id}/open`, {
      method: "POST",
      headers: { cookie: owner.cookie },
      redirect: "manual",
    });
    expect(open.status).toBe(303);
    expect(open.headers.get("location")).toBe(`/iskanje?model=${maker.code}`);
    expect(await countOf()).toBe(0);
  });
});

describe("daily saved-search alerts", () => {
  it("e-mails new matches once with an unsubscribe link, and unsubscribing stops them", async () => {
    const { maker, model } = await makeAndModel("Alarm");
    const address = `alarm-${Date.now()}@primer.si`;
    const { cookie } = await signedInUser({ email: address });
    const saved = (await (
      await call("/internal-api/v1/saved-searches", json({ name: "Alarm", query: `model=${maker.code}` }, cookie))
    ).json()) as Saved;
    const later = new Date(Date.now() + 60_000);
    await publishedPosting(
      {
        manufacturerId: maker.id,
        baseModelId: model.id,
        publishedAt: later.toISOString(),
        price: 990_000,
        searchPrice: 990_000,
        trimName: "<b>Karavan</b>",
      },
      "alarm/cover.svg",
    );
    const mail = outboxEmailProvider(db());
    const runAt = new Date(later.getTime() + 60_000);
    expect(await sendSavedSearchAlerts(db(), mail, "https://avtotrg.si", runAt)).toBeGreaterThanOrEqual(1);
    const inbox = (await (await call("/internal-api/v1/dev/outbox")).json()) as {
      to: string;
      subject: string;
      text: string;
      html: string | null;
    }[];
    const alert = inbox.find((msg) => msg.to === address);
    expect(alert?.subject).toBe("Novi zadetki: Alarm");
    expect(alert?.text).toContain("9.900 €");
    // The HTML part shows each hit's photo, title (escaped), price and link on the public origin.
    expect(alert?.html).toContain('<img src="https://avtotrg.si/media/alarm/cover.svg"');
    expect(alert?.html).toContain("&lt;b&gt;Karavan&lt;/b&gt;");
    expect(alert?.html).not.toContain("<b>Karavan</b>");
    expect(alert?.html).toContain("9.900 €");
    expect(alert?.html).toMatch(/href="https:\/\/avtotrg\.si\/oglas\/\d+"/);
    const unsubscribe = /https:\/\/avtotrg\.si(\/internal-api\/v1\/saved-searches\/unsubscribe\?token=\S+)/.exec(
      alert?.text ?? "",
    )?.[1];
    expect(unsubscribe).toBeTruthy();

    // Running the job again finds nothing newer: no second e-mail.
    const before = inbox.filter((msg) => msg.to === address).length;
    await sendSavedSearchAlerts(db(), mail, "https://avtotrg.si", new Date(runAt.getTime() + 1000));
    const after = ((await (await call("/internal-api/v1/dev/outbox")).json()) as { to: string }[]).filter(
      (msg) => msg.to === address,
    ).length;
    expect(after).toBe(before);

    const res = await call(unsubscribe ?? "", { redirect: "manual" });
    expect(res.headers.get("location")).toBe("/shranjena-iskanja/odjava?ok=1");
    const list = (await (await call("/internal-api/v1/saved-searches", { headers: { cookie } })).json()) as Saved[];
    expect(list.find((s) => s.id === saved.id)?.alertsEnabled).toBe(false);
  });
});
