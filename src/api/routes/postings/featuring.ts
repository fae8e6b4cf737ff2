import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { findPostingAccess } from "~/db/posting-detail.server";
import { forbidden, notFound } from "~/domain/errors";
import { buyPricingItemInputSchema, featuringMessages } from "~/contracts/featuring";
import { buyPricingItem, cancelPostingFeaturing, getPostingPricing } from "~/services/featuring.server";
import { isSellerSide } from "~/services/posting-detail.server";
import { abandonCheckout } from "~/services/featuring-payments.server";
import { postingCodeParam } from "../../params";
import { origins, provider } from "../../payments";
import type { ApiEnv } from "../../env";
import { requireUser, signedIn } from "../../middleware/guards";
import { validate } from "../../validate";

/**
 * Buying or cancelling featuring spends the seller's money or the dealership's credit days: only the
 * seller and colleagues in the posting's dealership, never staff who merely manage postings (editors,
 * admins: they act for a seller by impersonating, which is audited). Checked before the body is read.
 */
const sellerSideOnly = createMiddleware<ApiEnv>(async (c, next) => {
  const user = requireUser(c);
  const posting = await findPostingAccess(c.get("db"), c.req.param("code") ?? "");
  if (posting && !isSellerSide(user, posting)) throw forbidden(featuringMessages.forbidden);
  await next();
});

/** `postings/{code}/pricing-items`, `postings/{code}/buy-pricing-item`: featuring a posting. */
export const postingFeaturingRoutes = new Hono<ApiEnv>()
  /** Options for the posting's manager: per-day price, total, free, remaining days and top-ups, members' package, credit days. */
  .get("/:code/pricing-items", signedIn, validate("param", postingCodeParam), async (c) => {
    return c.json(await getPostingPricing(c.get("db"), c.req.valid("param").code, requireUser(c)));
  })
  /** A card checkout session, "redeemed" (credit days or free), or "failed". */
  .post(
    "/:code/buy-pricing-item",
    signedIn,
    validate("param", postingCodeParam),
    sellerSideOnly,
    validate("json", buyPricingItemInputSchema),
    async (c) => {
      const user = requireUser(c);
      const result = await buyPricingItem(c.get("db"), c.req.valid("param").code, user, c.req.valid("json"), {
        origins: origins(c),
        provider: () => provider(c),
      });
      return c.json(result);
    },
  )
  /** Back from the checkout with "cancel": the viewer's open checkout is expired and closed (decision 062). */
  .delete("/:code/checkout", signedIn, validate("param", postingCodeParam), sellerSideOnly, async (c) => {
    const posting = await findPostingAccess(c.get("db"), c.req.valid("param").code);
    if (!posting) throw notFound("Oglas ne obstaja.");
    return c.json(await abandonCheckout(c.get("db"), await provider(c), posting.id, requireUser(c)));
  })
  /** Cancel featuring: featured to the end of today, then not. */
  .delete("/:code/buy-pricing-item", signedIn, validate("param", postingCodeParam), sellerSideOnly, async (c) => {
    return c.json(await cancelPostingFeaturing(c.get("db"), c.req.valid("param").code, requireUser(c)));
  });
