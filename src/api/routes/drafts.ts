import { appConfig } from "~/app.config";
import { Hono } from "hono";
import { canonicalPhoneFieldSchema } from "~/domain/phone-schema";
import { countryFieldSchema, euroStandardFieldSchema } from "~/domain/posting-fields";
import { z } from "~/domain/zod-locale";
import {
  checkDraftStart,
  createDraftSchema,
  createDraftShape,
  draftEnumFields,
  draftListQuerySchema,
  draftUpdateSchema,
} from "~/contracts/drafts";
import {
  claimWizardSelectionDraft,
  createWizardSelection,
  viewWizardSelection,
} from "~/services/wizard-selection.server";
import { createDraft, deleteDraft, getDraft, listMine, publishDraft, updateDraft } from "~/services/drafts.server";
import { previewDraft } from "~/services/draft-preview.server";
import { deliverPriceDrops } from "~/services/price-alerts.server";
import { draftMarketEstimate, pricedFacts, valuePosting } from "~/services/market-value.server";
import { emailProvider } from "~/services/providers/email.server";
import { afterResponse } from "~/lib/after-response.server";
import type { ApiEnv } from "../env";
import { provider } from "../payments";
import { requireUser, signedIn } from "../middleware/guards";
import { clientIp } from "../session-cookie";
import { validate } from "../validate";

/**
 * The wizard's fields with the server's stricter rules (issue 21): the partial-VIN flag a VIN change
 * may carry (the VIN rule decides), and the enumerations that the form still types as text
 * (emission standard, country of first registration) accepted only from their lists.
 */
const draftUpdateServerSchema = draftUpdateSchema.extend({
  isPartialVin: z.boolean().optional(),
  euroStandard: euroStandardFieldSchema,
  firstRegistrationCountry: countryFieldSchema,
  contactPhone: canonicalPhoneFieldSchema,
});

/**
 * `POST draft` takes, beside the VIN or make and model, the vehicle's enumerated fields as first values
 * (issue 21): each only from its list, so garbage is a 400 with fieldErrors and no draft is made.
 */
const createDraftServerSchema = z
  .object({ ...createDraftShape, ...draftUpdateServerSchema.pick(draftEnumFields).shape })
  .superRefine(checkDraftStart);

const codeParam = z.object({ code: z.string().regex(/^[A-Za-z0-9-]{1,40}$/, "Neveljavna oznaka oglasa.") });
const selectionParam = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, "Neveljavna izbira vozila.") });

/** Drafts and the posting lifecycle (spec section 7): every call is the owner's (or the dealership's) only. */
export const draftSelectionRoutes = new Hono<ApiEnv>()
  /** A signed-out seller's vehicle choice, kept until they sign in (decision 046): answers its token. */
  .post("/", validate("json", createDraftSchema), async (c) =>
    c.json(await createWizardSelection(c.get("db"), c.req.valid("json"), clientIp(c)), 201),
  )
  .get("/:token", validate("param", selectionParam), async (c) =>
    c.json(await viewWizardSelection(c.get("db"), c.req.valid("param").token, c.get("session")?.user.id ?? null)),
  )
  /** The signed-in seller's draft from the choice: once, by its first claimant only. */
  .post("/:token/claim", signedIn, validate("param", selectionParam), async (c) =>
    c.json(await claimWizardSelectionDraft(c.get("db"), requireUser(c), c.req.valid("param").token), 201),
  );

export const draftRoutes = new Hono<ApiEnv>()
  .get("/", signedIn, validate("query", draftListQuerySchema), async (c) => {
    return c.json(await listMine(c.get("db"), requireUser(c), c.req.valid("query")));
  })
  .post("/", signedIn, validate("json", createDraftServerSchema), async (c) => {
    const created = await createDraft(c.get("db"), requireUser(c), c.req.valid("json"));
    return c.json(created, 201);
  })
  .get("/:code", signedIn, validate("param", codeParam), async (c) =>
    c.json(await getDraft(c.get("db"), requireUser(c), c.req.valid("param").code)),
  )
  /** The posting as buyers will see it (page and search card), before "Oddaj oglas": the wizard's people only. */
  .get("/:code/preview", signedIn, validate("param", codeParam), async (c) =>
    c.json(await previewDraft(c.get("db"), requireUser(c), c.req.valid("param").code)),
  )
  /** The car's market value as entered so far and where its price falls (issue 28): read, never fitted. */
  .get("/:code/market-value", signedIn, validate("param", codeParam), async (c) =>
    c.json(await draftMarketEstimate(c.get("db"), requireUser(c), c.req.valid("param").code)),
  )
  .post("/:code", signedIn, validate("param", codeParam), validate("json", draftUpdateServerSchema), async (c) => {
    const input = c.req.valid("json");
    const saved = await updateDraft(c.get("db"), requireUser(c), c.req.valid("param").code, input, new Date(), () =>
      provider(c),
    );
    // A lower price of a published posting queued e-mails for the buyers who asked (migration 0032): send them now.
    if ("price" in input || "specialPrice" in input || "priceType" in input) {
      const db = c.get("db");
      const site = c.get("front")?.origin ?? c.env.SITE_URL ?? appConfig.siteUrl;
      afterResponse(deliverPriceDrops(db, emailProvider(db, c.env), site), "price drops");
    }
    // A published posting's value moved with a priced fact: valued again now, not at the next daily run.
    const priced = Object.keys(input).filter((k) => pricedFacts.has(k));
    if (saved.status !== "DRAFT" && priced.length)
      afterResponse(() => valuePosting(c.get("db"), saved.code), "market value");
    return c.json(saved);
  })
  .delete("/:code", signedIn, validate("param", codeParam), async (c) => {
    await deleteDraft(c.get("db"), requireUser(c), c.req.valid("param").code);
    return c.body(null, 204);
  })
  .post("/:code/publish", signedIn, validate("param", codeParam), async (c) => {
    const published = await publishDraft(c.get("db"), requireUser(c), c.req.valid("param").code);
    // Rated at once (issue 28), after the response: the one-car valuation against the stored market.
    afterResponse(() => valuePosting(c.get("db"), published.code), "market value");
    return c.json(published);
  });
