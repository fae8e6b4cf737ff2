import { useNavigate } from "@tanstack/react-router";
import { useId, useState } from "react";
import { appConfig } from "~/app.config";
import { Field } from "~/components/ui/field";
import { formatDate, formatPrice } from "~/domain/format";
import type { CampaignPosting } from "../campaign.queries";
import { useClaimCampaign } from "../use-claim-campaign";
import { m } from "~/paraglide/messages";
import { postingRefFromInput } from "../campaign-input";

const { start, end, giftCardEuros } = appConfig.campaign;
const windowText = () =>
  m.campaign_window({ start: formatDate(start), end: formatDate(new Date(Date.parse(end) - 1)) });

/** /dobropis20eur: what the campaign gives and how the buyer claims it; finds the posting from its link or code. */
export function CampaignInfoPage() {
  const id = useId();
  const navigate = useNavigate();
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  return (
    <article className="mx-auto max-w-3xl space-y-6">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">{m.campaign_title({ amount: String(giftCardEuros * 2) })}</h1>
        <p className="text-lg text-muted">{m.campaign_lead({ amount: String(giftCardEuros) })}</p>
      </header>
      <ol className="grid gap-3 sm:grid-cols-3">
        {[m.campaign_step_1(), m.campaign_step_2(), m.campaign_step_3({ amount: String(giftCardEuros) })].map(
          (text, i) => (
            <li key={text} className="card p-4">
              <span
                className="mb-2 grid size-8 place-items-center rounded-full bg-brand-600 font-bold text-white"
                aria-hidden="true"
              >
                {i + 1}
              </span>
              <p className="text-sm">{text}</p>
            </li>
          ),
        )}
      </ol>
      <p className="text-sm">
        {windowText()} {m.campaign_once()}
      </p>
      <form
        noValidate
        className="card space-y-3 p-4"
        onSubmit={(e) => {
          e.preventDefault();
          const ref = postingRefFromInput(value);
          if (!ref) {
            setError(m.campaign_input_error());
            return;
          }
          void navigate({ to: "/dobropis20eur/$postId", params: { postId: ref } });
        }}
      >
        <Field
          id={`${id}-ref`}
          label={m.campaign_input_label()}
          value={value}
          onChange={setValue}
          placeholder="https://avtotrg.si/oglas/12345"
          error={error}
          announce
        />
        <button type="submit" className="btn-primary">
          {m.campaign_find()}
        </button>
      </form>
      <p className="text-sm">
        <a className="text-brand-700 underline" href="/splosnipogojiuporabe">
          {m.campaign_terms()}
        </a>
      </p>
    </article>
  );
}

/** /dobropis20eur/{postId}: the posting, whether its gift cards can be claimed, and the claim. */
export function CampaignClaimPage({
  posting,
  signedIn,
  loginHref,
}: {
  posting: CampaignPosting;
  signedIn: boolean;
  loginHref: string;
}) {
  const { claim, claimed, busy, error } = useClaimCampaign(posting.code);
  return (
    <article className="mx-auto max-w-2xl space-y-5">
      <h1 className="text-2xl font-bold tracking-tight">{m.campaign_claim_title()}</h1>
      <section className="card space-y-1 p-4">
        <h2 className="font-semibold">
          <a className="hover:underline" href={`/oglas/${posting.postId}`}>
            {posting.title || posting.code}
          </a>
        </h2>
        <p className="text-sm text-muted">
          {m.stock_code({ code: posting.code })}
          {posting.publishedAt ? ` · ${m.detail_published()} ${formatDate(posting.publishedAt)}` : ""}
        </p>
      </section>
      {claimed ? (
        <p role="status" className="rounded-lg bg-brand-50 p-4 text-brand-800">
          {m.campaign_claimed({ amount: formatPrice(posting.giftCardAmount) })}
        </p>
      ) : posting.refusal ? (
        <p role="alert" className="rounded-lg bg-danger/10 p-4 text-danger">
          {posting.refusal}
        </p>
      ) : signedIn ? (
        <div className="space-y-3">
          <p>{m.campaign_claim_text({ amount: formatPrice(posting.giftCardAmount) })}</p>
          {error ? (
            <p role="alert" className="rounded-lg bg-danger/10 p-3 text-sm text-danger">
              {error}
            </p>
          ) : null}
          <button type="button" className="btn-primary" disabled={busy} onClick={() => void claim()}>
            {m.campaign_claim_button()}
          </button>
        </div>
      ) : (
        <p>
          {m.campaign_sign_in_first()}{" "}
          <a className="btn-primary ml-2" href={loginHref}>
            {m.campaign_sign_in()}
          </a>
        </p>
      )}
      <p className="text-sm text-muted">
        {windowText()}{" "}
        <a className="text-brand-700 underline" href="/splosnipogojiuporabe">
          {m.campaign_terms()}
        </a>
      </p>
    </article>
  );
}
