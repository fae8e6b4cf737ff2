/**
 * News articles of the search page (spec sections 3, 5 and 7: `POST`/`GET search-page-article`,
 * `POST search-page-article/{id}`): one schema for the `article` part of the form and of the request,
 * so both refuse the same input with the same message.
 */
import { appConfig } from "~/app.config";
import { isCalendarDay } from "~/domain/article-expiry";
import { z } from "~/domain/zod-locale";
import { optionalText as optionalTextOf, requiredWebAddress } from "./content-fields";

const maxMegabytes = Math.round(appConfig.limits.fileSizeBytes / (1024 * 1024));

export const articleAdminMessages = {
  title: "Vnesite naslov članka.",
  moreLink: "Vnesite povezavo do članka.",
  linkInvalid: "Povezava ni veljavna. Vnesite naslov, ki se začne s http:// ali https://.",
  image: "Dodajte sliko.",
  imageType: "Dovoljene so slike JPEG, PNG ali WebP.",
  imageTooLarge: `Slika je prevelika (največ ${maxMegabytes} MB).`,
  position: "Položaj mora biti celo število od 0 do 999.",
  date: "Napačen zapis datuma!",
  tooLong: "Vnos je predolg.",
  missingData: "Manjkajo podatki o članku.",
  notJson: "Podatki o članku niso veljaven JSON.",
  notFound: "Članek ne obstaja.",
  badId: "Neveljavna oznaka članka.",
  changedMeanwhile: "Članek je medtem spremenil nekdo drug. Osvežite stran in poskusite znova.",
} as const;
const msg = articleAdminMessages;

const optionalText = (max: number) => optionalTextOf(max, msg.tooLong);

/** The `article` part: title, subtitle, more link, summary, position and expiry date (the last day shown, or none). */
export const articleInputSchema = z.object({
  title: z.string({ error: msg.title }).trim().min(1, { error: msg.title, abort: true }).max(200, msg.tooLong),
  subtitle: optionalText(200),
  moreLink: requiredWebAddress({ missing: msg.moreLink, tooLong: msg.tooLong, invalid: msg.linkInvalid }),
  summary: optionalText(1000),
  position: z.number({ error: msg.position }).int({ error: msg.position }).min(0, msg.position).max(999, msg.position),
  expiryDate: z
    .string({ error: msg.date })
    .trim()
    .refine((v) => v === "" || isCalendarDay(v), msg.date)
    .nullish()
    .transform((v) => v || null),
});
export type ArticleInput = z.input<typeof articleInputSchema>;
export type ArticleValues = z.output<typeof articleInputSchema>;

/** The form's field names in display order (also the fieldErrors' `field` values, plus `image`). */
export const articleFields = Object.keys(articleInputSchema.shape) as (keyof ArticleValues)[];

/** `search-page-article/{id}`. */
export const articleIdParamSchema = z.object({
  id: z.coerce
    .number({ error: msg.badId })
    .int(msg.badId)
    .positive(msg.badId)
    .max(2 ** 31, msg.badId),
});

/** An article as the admin list shows it: expired ones too, with whether the search page shows it now. */
export type AdminArticle = {
  id: number;
  code: string | null;
  title: string;
  subtitle: string | null;
  summary: string | null;
  moreLink: string | null;
  position: number;
  imageUrl: string | null;
  /** The last day shown (Europe/Ljubljana), YYYY-MM-DD; null: never expires. */
  expiryDate: string | null;
  expiresAt: string | null;
  expired: boolean;
  /** Among the first `searchPageArticles` current articles by position: on the search and home pages now. */
  onSearchPage: boolean;
  createdAt: string;
};
