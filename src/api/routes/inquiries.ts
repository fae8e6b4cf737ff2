import { type Context, Hono } from "hono";
import {
  inquiryIdParamSchema,
  inquiryTokenQuerySchema,
  replyByTokenInputSchema,
  replyInquiryInputSchema,
} from "~/contracts/inquiries";
import {
  inquiryByToken,
  markInquiryAnswered,
  receivedInquiries,
  replyByToken,
  replyToInquiry,
  type ReplyChannels,
} from "~/services/inquiries.server";
import { captchaProvider } from "~/services/providers/captcha.server";
import { emailProvider } from "~/services/providers/email.server";
import { smsProvider } from "~/services/providers/sms.server";
import type { ApiEnv } from "../env";
import { requireUser, signedIn } from "../middleware/guards";
import { clientIp, siteOrigin } from "../session-cookie";
import { validate } from "../validate";

const replyChannels = (c: Context<ApiEnv>): ReplyChannels => ({
  mail: emailProvider(c.get("db"), c.env),
  sms: () => smsProvider(c.get("db"), c.env, clientIp(c)),
  siteUrl: siteOrigin(c),
});

/** `inquiries/*`: the seller's side of buyers' inquiries (decision 066). */
export const inquiryRoutes = new Hono<ApiEnv>()
  /** What the inquiry form must send for the captcha (public: the site key only). */
  .get("/captcha", (c) => c.json(captchaProvider(c.env).config))
  /** The inquiry an e-mailed reply link answers: the token is the permission, for that inquiry only. */
  .get("/reply", validate("query", inquiryTokenQuerySchema), async (c) =>
    c.json(await inquiryByToken(c.get("db"), c.req.valid("query").token)),
  )
  .post("/reply", validate("json", replyByTokenInputSchema), async (c) => {
    const { token, message } = c.req.valid("json");
    return c.json(await replyByToken(c.get("db"), replyChannels(c), token, message));
  })
  /** The inquiries the caller received: the dealership's for its members, their own postings' for a private seller. */
  .get("/", signedIn, async (c) => c.json(await receivedInquiries(c.get("db"), requireUser(c))))
  .post(
    "/:id/reply",
    signedIn,
    validate("param", inquiryIdParamSchema),
    validate("json", replyInquiryInputSchema),
    async (c) =>
      c.json(
        await replyToInquiry(
          c.get("db"),
          replyChannels(c),
          requireUser(c),
          c.req.valid("param").id,
          c.req.valid("json").message,
        ),
      ),
  )
  .post("/:id/answered", signedIn, validate("param", inquiryIdParamSchema), async (c) =>
    c.json(await markInquiryAnswered(c.get("db"), requireUser(c), c.req.valid("param").id)),
  );
