import { createFileRoute } from "@tanstack/react-router";
import { useMe } from "~/client/use-session";
import { StepIndicator } from "~/features/new-post/components/step-indicator";
import { NewTrimStep } from "~/features/new-post/components/trim-step";
import { hasValidatedPhone } from "~/domain/user";
import { visibleSteps } from "~/domain/wizard-steps";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";

const code = (v: unknown, max: number) =>
  typeof v === "string" && new RegExp(`^[a-z0-9-]{1,${max}}$`).test(v) ? v : undefined;

/** Trim selection before a draft exists (spec section 2): part of step 1 for a make and model chosen by hand. */
export const Route = createFileRoute("/_new-post/nov-oglas/izbira-izvedenke")({
  validateSearch: (search: Record<string, unknown>): { manufacturer?: string; model?: string } => {
    const manufacturer = code(search.manufacturer, 40);
    const model = code(search.model, 60);
    return { ...(manufacturer ? { manufacturer } : {}), ...(model ? { model } : {}) };
  },
  head: () => ({ meta: [{ title: pageTitle(m.trim_title()) }, { name: "robots", content: "noindex" }] }),
  wrapInSuspense: true,
  component: function NewPostTrim() {
    const me = useMe();
    const { manufacturer, model } = Route.useSearch();
    return (
      <>
        <StepIndicator
          steps={visibleSteps({ editing: false, phoneVerified: hasValidatedPhone(me) })}
          current="vehicle"
          postId={null}
          editing={false}
        />
        <NewTrimStep me={me} manufacturer={manufacturer ?? ""} model={model ?? ""} />
      </>
    );
  },
});
