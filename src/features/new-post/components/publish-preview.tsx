import { useQuery } from "@tanstack/react-query";
import { useSearch } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { PostingCard } from "~/components/posting-card";
import { Form } from "~/components/ui/form";
import { m } from "~/paraglide/messages";
import { type BuyFeaturing, usePublishDraft } from "../use-publish-draft";
import { draftPreviewQueryOptions } from "../wizard";
import { featuringChoiceOf, withChoice } from "./featuring-choice";
import { useDraftSave } from "./use-draft-save";

type StepSearch = { edit?: string; package?: string; days?: string };

/** A step's address with what travels between the last steps (the featuring chosen, `edit=1`). */
function stepHrefWith(href: string, search: StepSearch) {
  const withFeaturing = withChoice(href, featuringChoiceOf(search));
  return search.edit === "1" ? `${withFeaturing}${withFeaturing.includes("?") ? "&" : "?"}edit=1` : withFeaturing;
}

/**
 * The warranty step's "Predogled": the search card as buyers will see it (not a link: the card is only
 * looked at here) and the link to the whole posting page before "Oddaj oglas".
 */
export function PreviewCard({ postId }: { postId: number }) {
  const search = useSearch({ strict: false }) as StepSearch;
  const preview = useQuery(draftPreviewQueryOptions(String(postId)));
  return (
    <section aria-labelledby="preview-title" className="space-y-3" data-testid="preview-card">
      <div>
        <h2 id="preview-title" className="text-lg font-semibold">
          {m.publish_preview_title()}
        </h2>
        <p className="text-sm text-muted">{m.publish_preview_hint()}</p>
      </div>
      <div className="max-w-xs">
        {preview.data ? (
          <div inert>
            <PostingCard card={preview.data.card} headingLevel={3} />
          </div>
        ) : (
          <p className="card p-4 text-sm text-muted">{m.publish_preview_loading()}</p>
        )}
      </div>
      <a className="btn-outline" href={stepHrefWith(`/nov-oglas/${postId}/predogled`, search)}>
        {m.publish_preview_open()}
      </a>
    </section>
  );
}

/** Why "Oddaj oglas" did not go through: the message, the fields still missing and the way back to them. */
export function PublishErrors({
  postId,
  message,
  errors,
}: {
  postId: number;
  message: string | null;
  errors: { field: string; message: string }[];
}) {
  if (!message) return null;
  return (
    <div role="alert" className="rounded-lg bg-danger/10 p-3 text-sm text-danger">
      <p className="font-semibold">{message}</p>
      {errors.length ? (
        <>
          <ul className="mt-1 list-inside list-disc">
            {errors.map((f) => (
              <li key={f.field}>{f.message}</li>
            ))}
          </ul>
          <a className="mt-2 inline-block underline" href={`/nov-oglas/${postId}/karakteristike-in-oprema`}>
            {m.wizard_back_to_details()}
          </a>
        </>
      ) : null}
    </div>
  );
}

/**
 * /nov-oglas/{postId}/predogled: the posting page as buyers will see it (`posting`, the posting feature's page
 * from the route, without what acts on a real posting), under a banner that says so, with "Nazaj na urejanje"
 * and the same "Oddaj oglas" as the warranty step (the featuring chosen included) kept at the bottom.
 */
export function DraftPreviewPage({
  draft,
  posting,
  buyFeaturing,
}: {
  draft: { id: number; code: string; status: string };
  posting: ReactNode;
  buyFeaturing: BuyFeaturing;
}) {
  const search = useSearch({ strict: false }) as StepSearch;
  const { save } = useDraftSave(String(draft.id), draft.code);
  const { publish, busy, published, message, errors, formRef } = usePublishDraft({
    draft,
    featuring: featuringChoiceOf(search),
    save,
    buy: buyFeaturing,
  });
  return (
    <div className="pb-36">
      <p role="note" className="sticky top-0 z-20 bg-accent-500 px-4 py-2 text-center font-semibold text-ink shadow">
        {m.publish_preview_banner()}
      </p>
      {posting}
      <Form
        form={{ formRef, submit: publish }}
        input={() => undefined}
        className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-white px-4 py-3 shadow-lg"
      >
        <div className="mx-auto max-w-3xl space-y-2">
          <PublishErrors postId={draft.id} message={message} errors={errors} />
          <div className="flex flex-wrap items-center justify-between gap-2">
            <a className="btn-outline" href={stepHrefWith(`/nov-oglas/${draft.id}/garancija`, search)}>
              {m.publish_preview_back()}
            </a>
            <button type="submit" className="btn-accent px-6 py-3 text-lg" disabled={busy}>
              {published ? m.wizard_save_changes() : m.wizard_submit()}
            </button>
          </div>
        </div>
      </Form>
    </div>
  );
}
