import { describe, expect, it } from "vitest";
import { featuringOrderNumber, ownFeaturing } from "./featuring";
import { featuringReceipt, type FeaturingReceiptInput } from "./featuring-receipt";
import { vatIncluded } from "./money";

const day = 86_400_000;
const now = new Date("2026-06-10T10:00:00.000Z"); // 12:00 in Ljubljana (summer time)
const inDays = (n: number) => new Date(now.getTime() + n * day).toISOString();

describe("vatIncluded (22 % VAT inside a price)", () => {
  it("splits an amount into the part without VAT and the VAT, which add up to the amount", () => {
    expect(vatIncluded(840, 22)).toEqual({ net: 689, vat: 151 });
    expect(vatIncluded(350, 22)).toEqual({ net: 287, vat: 63 });
    expect(vatIncluded(3600, 22)).toEqual({ net: 2951, vat: 649 });
    expect(vatIncluded(0, 22)).toEqual({ net: 0, vat: 0 });
    for (const gross of [1, 99, 12_345, 21_600]) {
      const { net, vat } = vatIncluded(gross, 22);
      expect(net + vat).toBe(gross);
    }
  });
});

const receipt: FeaturingReceiptInput = {
  purchaseId: 42,
  title: "Škoda Octavia",
  postingUrl: "https://avtotrg.si/oglas/7",
  package: "EXPOSED",
  deliveredDays: 7,
  amount: 840,
  refundAmount: 0,
  periodStart: now.toISOString(),
  periodEnd: inDays(7),
  paidAt: now.toISOString(),
  vatRatePercent: 22,
};

describe("featuringReceipt", () => {
  it("names the order, posting, package, days, period, amount with VAT, without it and the VAT", () => {
    const { subject, text } = featuringReceipt(receipt);
    expect(subject).toBe("Potrdilo o plačilu izpostavitve: Škoda Octavia");
    expect(text.split("\n")).toEqual(
      expect.arrayContaining([
        "Številka naročila: IZP-000042",
        "Datum plačila: 10. 6. 2026",
        "Oglas: Škoda Octavia",
        "Paket: Izpostavljeno",
        "Trajanje: 7 dni",
        "Obdobje izpostavitve: od 10. 6. 2026 do 17. 6. 2026",
        "Znesek z DDV: 8,40 €",
        "Znesek brez DDV: 6,89 €",
        "DDV (22 %): 1,51 €",
        "Povezava do oglasa: https://avtotrg.si/oglas/7",
      ]),
    );
    expect(text).not.toContain("Vrnjeno");
  });

  it("with days cut by the 180-day ceiling: the days delivered, the refund, and VAT of what was kept", () => {
    const { text } = featuringReceipt({ ...receipt, deliveredDays: 2, refundAmount: 600, periodEnd: inDays(2) });
    expect(text).toContain("Trajanje: 2 dneva");
    expect(text).toContain("Plačano s kartico: 8,40 €");
    expect(text).toContain("Vrnjeno za dni, ki jih ni bilo mogoče dodati (največ 180 dni): 6 €");
    expect(text).toContain("Znesek z DDV: 2,40 €");
    expect(text).toContain("DDV (22 %): 0,43 €");
  });

  it("with no day delivered names no period", () => {
    const { text } = featuringReceipt({ ...receipt, deliveredDays: 0, refundAmount: 840, periodStart: null });
    expect(text).not.toContain("Obdobje");
    expect(text).toContain("Znesek z DDV: 0 €");
  });

  it("numbers orders with six digits", () => {
    expect(featuringOrderNumber(7)).toBe("IZP-000007");
    expect(featuringOrderNumber(1_234_567)).toBe("IZP-1234567");
  });
});

describe("ownFeaturing (what the seller sees and is warned about)", () => {
  it("is null when not featured", () => {
    expect(ownFeaturing({ featuredUntil: null, featuredPackage: null, featuredCancelled: false }, now)).toBeNull();
    expect(
      ownFeaturing({ featuredUntil: inDays(-1), featuredPackage: "STANDARD", featuredCancelled: false }, now),
    ).toBeNull();
  });

  it("names the last day, the days left and the package; days beyond today are at stake", () => {
    expect(
      ownFeaturing({ featuredUntil: inDays(20), featuredPackage: "EXPOSED", featuredCancelled: null }, now),
    ).toEqual({
      untilDay: "2026-06-30",
      daysLeft: 20,
      package: "EXPOSED",
      atStake: true,
    });
  });

  it("puts nothing at stake once cancelled (featured to the end of today) or ending today", () => {
    const cancelled = ownFeaturing(
      { featuredUntil: inDays(20), featuredPackage: "STANDARD", featuredCancelled: true },
      now,
    );
    expect(cancelled?.atStake).toBe(false);
    const endsToday = ownFeaturing(
      { featuredUntil: inDays(0.2), featuredPackage: "STANDARD", featuredCancelled: false },
      now,
    );
    expect(endsToday?.atStake).toBe(false);
    expect(
      ownFeaturing({ featuredUntil: inDays(3), featuredPackage: "OTHER", featuredCancelled: false }, now)?.package,
    ).toBeNull();
  });
});
