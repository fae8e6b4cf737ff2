import { Hono } from "hono";
import type { FieldError } from "~/domain/errors";
import { z } from "~/domain/zod-locale";
import { dealerPageInputSchema, dealerPageQuerySchema } from "~/contracts/dealerships";
import {
  checkPagePicture,
  dealerPageServerMessages,
  editableDealership,
  publicDealership,
  saveDealerPage,
  unknownBrandError,
} from "~/services/dealer-page.server";
import type { ApiEnv } from "../env";
import { zodToFieldErrors } from "../errors";
import { requireUser, signedIn } from "../middleware/guards";
import { formBody, parseJsonPart, validationFailed } from "../multipart";
import { validate } from "../validate";

const codeParam = z.object({ code: z.string().regex(/^[a-z0-9-]{1,60}$/, "Neveljavna oznaka trgovca.") });

/** Dealership calls (spec section 7): the public page's data and its editing by the dealership's members. */
export const dealershipRoutes = new Hono<ApiEnv>()
  /** The public page's data for everyone; `editable` tells a member (or an admin) that they may edit it. */
  .get("/:code", validate("param", codeParam), async (c) => {
    return c.json(await publicDealership(c.get("db"), c.req.valid("param").code, c.get("session")?.user ?? null));
  })
  /**
   * Page editing (multipart: `dealership` JSON, optional `logo` and `banner` pictures; query `removeLogo`,
   * `removeBanner`) by the dealership's members and admins: 200 with the page's data; 401 / 403 / 404;
   * 400 with every problem as fieldErrors, and then nothing is saved.
   */
  .post("/:code", signedIn, validate("param", codeParam), async (c) => {
    const db = c.get("db");
    const user = requireUser(c);
    const { code } = c.req.valid("param");
    const dealer = await editableDealership(db, code, user);
    const query = dealerPageQuerySchema.safeParse(c.req.query());
    const body = await formBody(c);
    const [page, logo, banner] = await Promise.all([
      parseJsonPart(body.dealership, "dealership", dealerPageInputSchema, {
        missing: dealerPageServerMessages.missingData,
        notJson: dealerPageServerMessages.notJson,
      }),
      checkPagePicture(body.logo, "logo"),
      checkPagePicture(body.banner, "banner"),
    ]);
    const brandError = page.data ? await unknownBrandError(db, page.data.brands) : null;
    const fieldErrors: FieldError[] = [
      ...(query.success ? [] : zodToFieldErrors(query.error, c.req.query())),
      ...page.errors,
      ...(brandError ? [brandError] : []),
      ...(logo.error ? [logo.error] : []),
      ...(banner.error ? [banner.error] : []),
    ];
    if (fieldErrors.length || !page.data || !query.success) throw validationFailed(fieldErrors);
    await saveDealerPage(db, c.env.MEDIA, dealer, {
      values: page.data,
      logo: logo.picture,
      banner: banner.picture,
      removeLogo: query.data.removeLogo,
      removeBanner: query.data.removeBanner,
    });
    return c.json(await publicDealership(db, code, user));
  });
