import { describe, expect, it } from "vitest";
import { articleAdminMessages, articleInputSchema } from "./admin-articles";
import { equipmentAdminMessages, equipmentDescriptorInputSchema } from "./admin-equipment";

const article = { title: "Zimske gume", moreLink: "https://www.amzs.si/zimske", position: 0 };
const descriptor = {
  equipmentCode: "SAFETY_ABS",
  displayName: "ABS",
  videoId: "q3Rk8vTzLwA",
  link: "https://avtotrg.si/oprema/abs",
};
const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.success ? [] : (r.error?.issues ?? []).map((i) => `${i.path.join(".")}: ${i.message}`);

describe("the article form", () => {
  it("reads empty optional fields as none and a link without a scheme as https", () => {
    expect(
      articleInputSchema.parse({ ...article, moreLink: "www.amzs.si/zimske", subtitle: " ", expiryDate: "" }),
    ).toEqual({
      title: "Zimske gume",
      subtitle: null,
      summary: null,
      moreLink: "https://www.amzs.si/zimske",
      position: 0,
      expiryDate: null,
    });
  });
  it("says what is wrong in Slovenian", () => {
    expect(
      messages(
        articleInputSchema.safeParse({ ...article, title: "", moreLink: "mailto:a@b.si", position: Number.NaN }),
      ),
    ).toEqual([
      `title: ${articleAdminMessages.title}`,
      `moreLink: ${articleAdminMessages.linkInvalid}`,
      `position: ${articleAdminMessages.position}`,
    ]);
  });
});

describe("the equipment descriptor form", () => {
  it("keeps only the video id of a pasted YouTube link and sorts the makes without repeats", () => {
    const parsed = equipmentDescriptorInputSchema.parse({
      ...descriptor,
      videoId: "https://www.youtube.com/watch?v=q3Rk8vTzLwA&t=3",
      limitedToMakes: ["mazda", "bmw", "mazda"],
    });
    expect(parsed).toMatchObject({
      videoId: "q3Rk8vTzLwA",
      limitedToMakes: ["bmw", "mazda"],
      articleLink: null,
      category: null,
    });
  });
  it("requires equipment, display name, link and video id", () => {
    expect(messages(equipmentDescriptorInputSchema.safeParse({}))).toEqual([
      `equipmentCode: ${equipmentAdminMessages.equipment}`,
      `displayName: ${equipmentAdminMessages.displayName}`,
      `videoId: ${equipmentAdminMessages.videoId}`,
      `link: ${equipmentAdminMessages.link}`,
    ]);
  });
});
