// How complete a posting is: five checks worth 20 % each, shown to sellers as a progress meter.

export type PostingCompletenessInput = {
  equipmentCount: number;
  /** Length of the description in characters. */
  descriptionLength: number;
  exteriorImages: number;
  interiorImages: number;
  serviceInvoices: number;
};

export type CompletenessKey = "equipment" | "description" | "exteriorImages" | "interiorImages" | "serviceInvoices";

export type PostingCompleteness = {
  /** Integer 0..100. */
  percent: number;
  items: { key: CompletenessKey; done: boolean }[];
};

/**
 * Minimum count for each check, in display order. The spec recommends at least three
 * exterior photos; the rest need five equipment items, a 100-character description,
 * one interior photo and one service invoice.
 */
export const completenessThresholds: Readonly<Record<CompletenessKey, number>> = {
  equipment: 5,
  description: 100,
  exteriorImages: 3,
  interiorImages: 1,
  serviceInvoices: 1,
};

const order: readonly CompletenessKey[] = [
  "equipment",
  "description",
  "exteriorImages",
  "interiorImages",
  "serviceInvoices",
];

/** Each check met adds 20 %; missing or invalid counts (NaN) simply count as not done. */
export function postingCompleteness(input: PostingCompletenessInput): PostingCompleteness {
  const values: Record<CompletenessKey, number> = {
    equipment: input.equipmentCount,
    description: input.descriptionLength,
    exteriorImages: input.exteriorImages,
    interiorImages: input.interiorImages,
    serviceInvoices: input.serviceInvoices,
  };
  const items = order.map((key) => ({ key, done: values[key] >= completenessThresholds[key] }));
  const done = items.filter((i) => i.done).length;
  return { percent: Math.round((done * 100) / order.length), items };
}
