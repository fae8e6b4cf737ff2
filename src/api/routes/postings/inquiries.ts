import { type Context, Hono } from "hono";
import { sendInquiryInputSchema, type SendInquiry } from "~/contracts/inquiries";
import { AppError } from "~/domain/errors";
import { sendInquiry } from "~/services/inquiries.server";
import { captchaProvider } from "~/services/providers/captcha.server";
import { emailProvider } from "~/services/providers/email.server";
import type { ApiEnv } from "../../env";
import { postingCodeParam } from "../../params";
import { clientIp, siteOrigin } from "../../session-cookie";
import { validationError } from "../../errors";
import { validate } from "../../validate";

const send = (c: Context<ApiEnv>, code: string, input: SendInquiry) =>
  sendInquiry(
    c.get("db"),
    {
      mail: emailProvider(c.get("db"), c.env),
      captcha: captchaProvider(c.env),
      siteUrl: siteOrigin(c),
      client: clientIp(c),
    },
    code,
    input,
    c.get("session")?.user ?? null,
  );

/** What the posting page says after a form sent without JavaScript (`?povprasevanje=…`): fields to fix, or another refusal. */
const outcomeOf = (err: unknown) => (err instanceof AppError && err.code === "VALIDATION" ? "manjka" : "napaka");

/** `postings/{code}/inquiries`: a buyer's message to the seller (decision 066), signed in or not. */
export const postingInquiryRoutes = new Hono<ApiEnv>()
  .post("/:code/inquiries", validate("param", postingCodeParam), validate("json", sendInquiryInputSchema), async (c) =>
    c.json(await send(c, c.req.valid("param").code, c.req.valid("json")), 201),
  )
  /**
   * The same form sent before the page's scripts run (a plain form post): 303 back to the posting's
   * form with the outcome, so the tap is never lost. A forged `postId` only changes where the answer points.
   */
  .post("/:code/inquiries/form", validate("param", postingCodeParam), async (c) => {
    // A body that is no form (a forged content type) is the sender's mistake, never a 500.
    const form = await c.req.formData().catch(() => {
      throw new AppError(400, "Obrazec ni veljaven.", { code: "BAD_REQUEST" });
    });
    const text = (key: string) => {
      const v = form.get(key);
      return typeof v === "string" ? v : undefined;
    };
    const postId = /^\d{1,10}$/.test(text("postId") ?? "") ? text("postId") : null;
    let outcome = "poslano";
    try {
      const raw = {
        name: text("name") ?? "",
        email: text("email") ?? "",
        phone: text("phone") ?? "",
        message: text("message") ?? "",
        choices: form.getAll("choices").filter((v) => typeof v === "string"),
        captchaToken: text("captchaToken") ?? text("g-recaptcha-response"),
      };
      const parsed = sendInquiryInputSchema.safeParse(raw);
      if (!parsed.success) throw validationError(parsed.error, raw);
      await send(c, c.req.valid("param").code, parsed.data);
    } catch (err) {
      if (!postId) throw err;
      outcome = outcomeOf(err);
    }
    if (!postId) return c.json({ sent: true }, 201);
    return c.redirect(`/oglas/${postId}?povprasevanje=${outcome}#povprasevanje`, 303);
  });
