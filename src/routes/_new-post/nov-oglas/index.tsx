import { createFileRoute } from "@tanstack/react-router";
import { useMe } from "~/features/auth/use-session";
import { SelectVehicleStep } from "~/features/new-post/components/select-vehicle-step";
import { StepIndicator } from "~/features/new-post/components/step-indicator";
import { visibleSteps } from "~/domain/wizard-steps";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";

export const Route = createFileRoute("/_new-post/nov-oglas/")({
  validateSearch: (search: Record<string, unknown>): { vinDuplicateError?: string; resume?: string } => ({
    ...(search.vinDuplicateError !== undefined ? { vinDuplicateError: String(search.vinDuplicateError) } : {}),
    ...(search.resume === "1" ? { resume: "1" } : {}),
  }),
  head: () => ({ meta: [{ title: pageTitle(m.wizard_title()) }] }),
  // Hydrated after the shell, in slices that let the phone answer a tap between them (decision 028).
  wrapInSuspense: true,
  component: function NewPost() {
    const me = useMe();
    const search = Route.useSearch();
    const steps = visibleSteps({ editing: false, phoneVerified: Boolean(me?.phoneNumber && me.registrationStatus !== "MISSINGPHONE") });
    return (
      <>
        <StepIndicator steps={steps} current="vehicle" postId={null} editing={false} />
        <SelectVehicleStep me={me} duplicateVin={search.vinDuplicateError !== undefined} resume={search.resume === "1"} />
      </>
    );
  },
});
