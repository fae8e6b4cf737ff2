import { appConfig } from "~/app.config";
import { expirePostings } from "~/db/drafts.server";
import { deleteInquiriesIdleSince } from "~/db/inquiries.server";
import { getDb } from "~/db/client.server";
import { forgetViewVisitors } from "~/db/posting-detail.server";
import { deleteExpiredWizardSelections } from "~/db/wizard-selections.server";
import { ljubljanaDay } from "~/domain/ljubljana-time";
import { expireFeaturing } from "./featuring.server";
import { recomputeMarketValues } from "./market-value.server";
import { deliverPriceDrops } from "./price-alerts.server";
import { emailProvider } from "./providers/email.server";
import { sendSavedSearchAlerts } from "./saved-searches.server";

/** The instant `months` calendar months before `now` (UTC), as an ISO string. */
function monthsBefore(now: Date, months: number) {
  const then = new Date(now);
  then.setUTCMonth(then.getUTCMonth() - months);
  return then.toISOString();
}

/** The daily cron (wrangler.toml [triggers]): expiries (postings, featuring), the market value (decision 088),
 * saved-search alerts, inquiries idle for `inquiries.keptMonths`, then planner statistics. */
export async function runDailyJobs(env: Env, now = new Date()) {
  const db = getDb(env.DB);
  const expired = await expirePostings(db, now);
  const featuringEnded = await expireFeaturing(db, now);
  // A failing fit must not stop the expiries, alerts and clean-ups after it (and the same for the e-mails below).
  const market = await recomputeMarketValues(db, now).catch((error: unknown) => {
    console.error("market value", error);
    return null;
  });
  const siteUrl = env.SITE_URL ?? "https://avtotrg.si";
  const sent = await sendSavedSearchAlerts(db, emailProvider(db, env), siteUrl, now);
  // Drops made on a path that sends nothing itself (a partner feed, an admin's edit).
  const priceDropEmails = await deliverPriceDrops(db, emailProvider(db, env), siteUrl).catch((error: unknown) => {
    console.error("price drop e-mails", error);
    return 0;
  });
  // Yesterday's visitors no longer matter: a view counts once per visitor per day (decision 037).
  await forgetViewVisitors(db, ljubljanaDay(now));
  await deleteExpiredWizardSelections(db, now);
  const inquiriesDeleted = await deleteInquiriesIdleSince(db, monthsBefore(now, appConfig.inquiries.keptMonths));
  await env.DB.prepare("PRAGMA optimize").run();
  return { alertsSent: sent, priceDropEmails, postingsExpired: expired, featuringEnded, inquiriesDeleted, market };
}
