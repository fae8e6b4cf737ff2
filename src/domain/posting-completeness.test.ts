import { describe, expect, it } from "vitest";
import { postingCompleteness, type PostingCompletenessInput } from "./posting-completeness";

const complete: PostingCompletenessInput = {
  equipmentCount: 5,
  descriptionLength: 100,
  exteriorImages: 3,
  interiorImages: 1,
  serviceInvoices: 1,
};
const empty: PostingCompletenessInput = {
  equipmentCount: 0,
  descriptionLength: 0,
  exteriorImages: 0,
  interiorImages: 0,
  serviceInvoices: 0,
};

describe("postingCompleteness", () => {
  it("is 100 % exactly at every threshold, items in fixed order", () => {
    expect(postingCompleteness(complete)).toEqual({
      percent: 100,
      items: [
        { key: "equipment", done: true },
        { key: "description", done: true },
        { key: "exteriorImages", done: true },
        { key: "interiorImages", done: true },
        { key: "serviceInvoices", done: true },
      ],
    });
  });

  it("is 0 % for an empty posting", () => {
    const r = postingCompleteness(empty);
    expect(r.percent).toBe(0);
    expect(r.items.every((i) => !i.done)).toBe(true);
  });

  it.each([
    ["equipment", { equipmentCount: 4 }],
    ["description", { descriptionLength: 99 }],
    ["exteriorImages", { exteriorImages: 2 }],
    ["interiorImages", { interiorImages: 0 }],
    ["serviceInvoices", { serviceInvoices: 0 }],
  ])("one below the %s threshold costs 20 %%", (key, patch) => {
    const r = postingCompleteness({ ...complete, ...patch });
    expect(r.percent).toBe(80);
    expect(r.items.filter((i) => !i.done).map((i) => i.key)).toEqual([key]);
  });

  it("adds 20 % per check met", () => {
    expect(postingCompleteness({ ...empty, exteriorImages: 8, descriptionLength: 450 }).percent).toBe(40);
    expect(postingCompleteness({ ...complete, serviceInvoices: 0, interiorImages: 0 }).percent).toBe(60);
    expect(postingCompleteness({ ...empty, equipmentCount: 30 }).percent).toBe(20);
  });

  it("treats NaN counts as not done", () => {
    expect(postingCompleteness({ ...complete, equipmentCount: Number.NaN }).percent).toBe(80);
  });
});
