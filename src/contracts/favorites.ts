import { appConfig } from "~/app.config";
import { z } from "~/domain/zod-locale";

const max = appConfig.limits.localFavourites;
const code = z.string().regex(/^[A-Za-z0-9-]{1,40}$/, "Neveljavna oznaka oglasa.");

/** `POST favorites/merge`: the postings a visitor liked while signed out, kept in the browser. */
export const mergeFavoritesInputSchema = z.object({
  codes: z.array(code, { error: "Seznam oglasov manjka." }).max(max, `Naenkrat lahko dodate največ ${max} oglasov.`),
});
export type MergeFavoritesInput = z.infer<typeof mergeFavoritesInputSchema>;

/** `GET favorites/cards?codes=A,B`: the cards of a signed-out visitor's favourites (comma-separated codes). */
export const favoriteCardsQuerySchema = z.object({
  codes: z
    .string()
    .max(max * 41, "Preveč oglasov.")
    .transform((s) => [...new Set(s.split(",").filter((c) => /^[A-Za-z0-9-]{1,40}$/.test(c)))].slice(0, max)),
});

/** The heart before the page is interactive: a form post with the wanted state and the page to come back to. */
export const favoriteFormSchema = z.object({
  liked: z.enum(["0", "1"], { error: "Neveljavna izbira." }),
  returnTo: z.string().max(2000).optional(),
});

/** `PUT postings/{code}/favorite/price-alert`: an e-mail when this favourite's price drops, or none. */
export const priceAlertInputSchema = z.object({
  on: z.boolean({ error: "Izberite, ali želite obvestilo o znižanju cene." }),
});
export type PriceAlertInput = z.infer<typeof priceAlertInputSchema>;
