import { featuringMaxDays, featuringPackages } from "~/domain/featuring";
import { z } from "~/domain/zod-locale";

/** Slovenian messages of the featuring API (the route and the pages share them). */
export const featuringMessages = {
  numberOfDays: "Izberite število dni izpostavitve.",
  cap: `Oglas je lahko izpostavljen največ ${featuringMaxDays} dni.`,
  option: "Ta možnost izpostavitve ni na voljo.",
  url: "Naslov za vrnitev mora biti na tej spletni strani.",
  membership: "Paket za člane AMZS zahteva člansko številko AMZS v profilu.",
  membershipUnverified: "Članstvo AMZS še ni preverjeno. Paket za člane bo na voljo, ko ga preverimo.",
  checkoutOpen:
    "Za ta oglas je plačilo že odprto. Dokončajte ga ali ga prekličite (neplačano poteče v 35 minutah), nato poskusite znova.",
  notPublished: "Izpostaviti je mogoče le objavljen oglas.",
  forbidden: "Izpostavitev lahko kupi le prodajalec oglasa.",
  paymentFailed: "Prišlo je do napake pri plačilu. Prosimo poskusite ponovno kasneje.",
  cancelled: "Preklic izpostavitve uspešna. Oglas bo ostal izpostavljen še tekoči dan",
  cancelFailed: "Napaka pri preklicu izpostavitve",
  badSignature: "Podpis obvestila o plačilu ni veljaven.",
} as const;

/** `POST postings/{code}/buy-pricing-item` (spec: {numberOfDays, cancelUrl, successUrl}; package optional). */
export const buyPricingItemInputSchema = z.object({
  numberOfDays: z
    .number({ error: featuringMessages.numberOfDays })
    .int(featuringMessages.numberOfDays)
    .min(1, featuringMessages.numberOfDays)
    .max(featuringMaxDays, featuringMessages.cap),
  package: z.enum(featuringPackages).optional(),
  successUrl: z.string({ error: featuringMessages.url }).min(1, featuringMessages.url).max(2000, featuringMessages.url),
  cancelUrl: z.string({ error: featuringMessages.url }).min(1, featuringMessages.url).max(2000, featuringMessages.url),
});
export type BuyPricingItemInput = z.infer<typeof buyPricingItemInputSchema>;
