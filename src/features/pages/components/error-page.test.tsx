import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { PostingCard } from "~/domain/posting-card";
import { ApiError } from "~/client/errors";
import { PageError } from "~/lib/page-error";
import { ErrorPage, type ErrorStatus, errorStatusOf } from "./error-page";

const card = (postId: number): PostingCard => ({
  postId,
  code: `C${postId}`,
  imageUrl: null,
  manufacturer: "skoda",
  manufacturerName: "Škoda",
  modelName: "Octavia",
  vehicleManufacturerName: "Škoda",
  vehicleBaseModelName: "Octavia",
  trimName: "2.0 TDI",
  priceType: "NORMAL",
  price: 15990,
  specialPrice: null,
  rentalPrices: [],
  badge: null,
  badges: [],
  year: 2019,
  firstRegistration: "2019-04",
  mileage: 98000,
  fuel: "DIESEL",
  powerKw: 110,
  transmission: "M",
  region: "LJUBLJANA",
  condition: "USED",
  arriving: false,
  featured: false,
  sellerType: "person",
  publishedAt: null,
});

function render(status: ErrorStatus, similar?: PostingCard[], error?: unknown) {
  const client = new QueryClient();
  // The popular list would come from the API; here it is already cached so the page renders it.
  client.setQueryData(["marketplace", "popular", 5], [1, 2, 3, 4, 5].map(card));
  return renderToString(
    <QueryClientProvider client={client}>
      <ErrorPage status={status} similar={similar} error={error} />
    </QueryClientProvider>,
  );
}

describe("error pages (spec section 2)", () => {
  it.each([
    [403, "Dostop ni dovoljen", "Na oglase"],
    [404, "Strani ni bilo mogoče najti", "Nazaj na ponudbo"],
    [410, "Oglas ni več na voljo", "Na oglase"],
    [500, "Prišlo je do napake", "Na oglase"],
  ] as const)("%i shows its heading and the right link back", (status, heading, link) => {
    const html = render(status);
    expect(html).toContain(heading);
    expect(html).toContain(link);
    expect(html).toContain(`Koda napake: ${status}`);
    expect(html).not.toMatch(/NAPAKA|uppercase/);
  });

  it("410 says the car sold and shows similar vehicles for that posting", () => {
    const html = render(410, [card(101), card(102)]);
    expect(html).toContain("Avto je bil tako dober, da je že prodan.");
    expect(html).toContain("Podobna vozila");
    expect(html).toContain('href="/oglas/101"');
    expect(html).not.toContain("Najbolj ogledovana vozila");
  });

  it("other statuses show five popular vehicles and a show-all-offers link", () => {
    const html = render(404);
    expect(html).toContain("Najbolj ogledovana vozila");
    expect(html.match(/<article/g)).toHaveLength(5);
    expect(html).toContain("Prikaži vso ponudbo");
  });

  it("maps errors to the status the page shows", () => {
    expect(errorStatusOf(new ApiError("x", 403, null))).toBe(403);
    expect(errorStatusOf(new ApiError("x", 410, null))).toBe(410);
    expect(errorStatusOf({ isNotFound: true })).toBe(404);
    expect(errorStatusOf(new ApiError("x", 502, null))).toBe(500);
    expect(errorStatusOf(new Error("boom"))).toBe(500);
    expect(errorStatusOf(new PageError(403, "admin"))).toBe(403);
    expect(errorStatusOf(new PageError(410))).toBe(410);
    // A plain object with a statusCode (what a serializer without our adapter would leave) is not trusted.
    expect(errorStatusOf({ statusCode: 403 })).toBe(500);
  });

  it.each([
    ["editor", "Niste urednik.", "urednikom oglasov"],
    ["admin", "Niste administrator.", "namenjena administratorjem"],
    ["dealer", "Niste trgovec.", "uporabnikom poslovnih enot"],
  ] as const)("a guard's 403 for %s says which role the page needs", (need, lead, detail) => {
    const html = render(403, undefined, new PageError(403, need));
    expect(html).toContain("Dostop ni dovoljen");
    expect(html).toContain(lead);
    expect(html).toContain(detail);
  });
});
