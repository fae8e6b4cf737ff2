import { useQuery } from "@tanstack/react-query";
import { m } from "~/paraglide/messages";
import { pricingItemsQueryOptions } from "../featuring.queries";
import type { FeaturingChoice } from "~/domain/featuring";
import { FeaturingOptions } from "./featuring-options";

/**
 * The wizard's "Atraktivnejša ponudba" step: the same options as /oglasevanje/{postId}, with
 * "no featuring" preselected. The step buys the choice right after publishing (a draft cannot be featured).
 */
export function WizardFeaturing({
  postId,
  published,
  value,
  onChange,
}: {
  postId: number;
  published: boolean;
  value: FeaturingChoice | null;
  onChange: (choice: FeaturingChoice | null) => void;
}) {
  const { data: pricing } = useQuery(pricingItemsQueryOptions(postId));
  return (
    <div className="card space-y-4 p-4">
      <p>{m.feat_wizard_intro()}</p>
      {pricing ? <FeaturingOptions pricing={pricing} value={value} onChange={onChange} allowNone /> : null}
      <p className="text-sm text-muted">
        {published ? null : <>{m.feat_wizard_draft_note()} </>}
        <a className="underline" href="/oglasujte" target="_blank" rel="noopener">
          {m.feat_more_info()}
        </a>
      </p>
    </div>
  );
}
