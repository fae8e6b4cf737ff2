import { createFileRoute } from "@tanstack/react-router";
import { useMe } from "~/client/use-session";
import { SelectVehicleStep } from "~/features/new-post/components/select-vehicle-step";
import { StepIndicator } from "~/features/new-post/components/step-indicator";
import { hasValidatedPhone } from "~/domain/user";
import { visibleSteps } from "~/domain/wizard-steps";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";

export const Route = createFileRoute("/_new-post/nov-oglas/")({
  validateSearch: (search: Record<string, unknown>): { vinDuplicateError?: string } =>
    search.vinDuplicateError !== undefined ? { vinDuplicateError: String(search.vinDuplicateError) } : {},
  head: () => ({ meta: [{ title: pageTitle(m.wizard_title()) }] }),
  // Hydrated after the shell, in slices that let the phone answer a tap between them (decision 028).
  wrapInSuspense: true,
  component: function NewPost() {
    const me = useMe();
    const search = Route.useSearch();
    const steps = visibleSteps({ editing: false, phoneVerified: hasValidatedPhone(me) });
    return (
      <>
        <StepIndicator steps={steps} current="vehicle" postId={null} editing={false} />
        <SelectVehicleStep me={me} duplicateVin={search.vinDuplicateError !== undefined} />
      </>
    );
  },
});
