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

describe("daily saved-search alerts", () => {
  it("e-mails new matches once with an unsubscribe link, and unsubscribing stops them", async () => {
    const { maker, model } = await makeAndModel("Alarm");
    const address = `alarm-${Date.now()}@primer.si`;
    const { cookie } = await signedInUser({ email: address });
    const saved = (await (
      await call("/internal-api/v1/saved-searches", json({ name: "Alarm", query: `model=${maker.code}` }, cookie))
    ).json()) as Saved;
    const later = new Date(Date.now() + 60_000);
    await publishedPosting({
      manufacturerId: maker.id,
      baseModelId: model.id,
      publishedAt: later.toISOString(),
      price: 990_000,
      searchPrice: 990_000,
    });
    const mail = outboxEmailProvider(db());
    const runAt = new Date(later.getTime() + 60_000);
    expect(await sendSavedSearchAlerts(db(), mail, "https://avtotrg.si", runAt)).toBeGreaterThanOrEqual(1);
    const inbox = (await (await call("/internal-api/v1/dev/outbox")).json()) as {
      to: string;
      subject: string;
      text: string;
    }[];
    const alert = inbox.find((msg) => msg.to === address);
    expect(alert?.subject).toBe("Novi zadetki: Alarm");
    expect(alert?.text).toContain("9.900 €");
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
