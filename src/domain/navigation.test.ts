import { describe, expect, it } from "vitest";
import { shellNavigation } from "./navigation";
import type { Me } from "./user";

const user = (overrides: Partial<Me> = {}): Me => ({
  id: 1,
  firstName: "Ana",
  lastName: "Novak",
  email: "ana@primer.si",
  amzsMembershipNumber: null,
  phoneNumber: "+38641000000",
  registrationStatus: "COMPLETE",
  accountsWereMerged: false,
  likedPostings: [],
  impersonated: false,
  dealership: null,
  amzsAdmin: false,
  amzsPostingEditor: false,
  ...overrides,
});
const keys = (links: { key: string }[]) => links.map((l) => l.key);

describe("shell navigation by role (spec section 2)", () => {
  it("shows anonymous visitors the public links only", () => {
    const nav = shellNavigation(null);
    expect(keys(nav.header)).toEqual(["newPost", "allPostings", "advancedSearch"]);
    expect(nav.admin).toEqual([]);
    expect(nav.userMenu).toEqual([]);
    expect(nav.signedIn).toBe(false);
  });

  it("gives a private user favourites, my posts and edit profile", () => {
    const nav = shellNavigation(user());
    expect(keys(nav.header)).toEqual(["newPost", "allPostings", "advancedSearch", "favourites", "myPosts"]);
    expect(keys(nav.userMenu)).toEqual(["savedSearches", "editProfile"]);
    expect(keys(nav.mobileMenu)).toEqual(["newPost", "advancedSearch", "favourites", "myPosts"]);
  });

  it("gives dealership users their profile (only with a code) and stock, never my posts or edit profile", () => {
    const withCode = shellNavigation(
      user({ dealership: { code: "avto-kranj", publicName: "Avto Kranj", role: "HEAD" } }),
    );
    expect(keys(withCode.header)).toEqual([
      "newPost",
      "allPostings",
      "advancedSearch",
      "favourites",
      "dealershipProfile",
      "dealershipPostings",
    ]);
    expect(withCode.header.find((l) => l.key === "dealershipProfile")?.href).toBe("/trgovec/avto-kranj");
    expect(keys(withCode.userMenu)).toEqual(["savedSearches"]);
    expect(keys(withCode.mobileMenu)).toContain("dealershipPostings");
    const withoutCode = shellNavigation(
      user({ dealership: { code: null, publicName: "Brez kode", role: "SALESPERSON" } }),
    );
    expect(keys(withoutCode.header)).not.toContain("dealershipProfile");
    expect(keys(withoutCode.header)).toContain("dealershipPostings");
  });

  it("prompts for the phone when it is missing, but never while impersonating", () => {
    expect(shellNavigation(user({ phoneNumber: null, registrationStatus: "MISSINGPHONE" })).phonePrompt).toBe(true);
    expect(keys(shellNavigation(user({ phoneNumber: null })).userMenu)).toEqual([
      "verifyPhone",
      "savedSearches",
      "editProfile",
    ]);
    expect(shellNavigation(user({ phoneNumber: null, impersonated: true })).phonePrompt).toBe(false);
    expect(shellNavigation(user()).phonePrompt).toBe(false);
  });

  it("shows editors the posting, article and dealership editors and admins every admin screen", () => {
    expect(keys(shellNavigation(user({ amzsPostingEditor: true })).admin)).toEqual([
      "adminPostings",
      "adminArticles",
      "adminDealerships",
    ]);
    expect(keys(shellNavigation(user({ amzsAdmin: true })).admin)).toEqual([
      "adminModels",
      "adminPostings",
      "adminArticles",
      "adminEquipment",
      "adminDealerships",
      "adminNetworks",
      "adminSalespersons",
      "adminAudit",
      "adminUsers",
    ]);
  });
});
