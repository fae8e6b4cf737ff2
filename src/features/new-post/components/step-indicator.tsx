import { m } from "~/paraglide/messages";
import { stepHref, type WizardStep } from "~/domain/wizard-steps";

const labels: Record<WizardStep, () => string> = {
  vehicle: m.wizard_step_vehicle,
  signIn: m.wizard_step_sign_in,
  details: m.wizard_step_details,
  pictures: m.wizard_step_pictures,
  warranty: m.wizard_step_warranty,
  advertising: m.wizard_step_advertising,
};

/**
 * The steps as an ordered list; earlier steps link back, later ones are disabled unless editing
 * (`hrefSuffix`: "?edit=1" while editing a published posting, so every step stays in edit mode).
 * The list wraps rather than scrolls: every step stays readable and nothing needs keyboard scrolling.
 */
export function StepIndicator({
  steps,
  current,
  postId,
  editing,
  hrefSuffix = "",
}: {
  steps: WizardStep[];
  current: WizardStep;
  postId: number | null;
  editing: boolean;
  hrefSuffix?: string;
}) {
  const at = steps.indexOf(current);
  return (
    <nav aria-label={m.wizard_steps_label()} className="mb-6">
      <ol className="flex flex-wrap gap-1 text-xs sm:text-sm">
        {steps.map((s, i) => {
          const reachable = (i < at || editing) && postId !== null && s !== "signIn" && s !== "vehicle";
          const state =
            i === at
              ? "border-brand-700 bg-brand-700 text-white"
              : i < at
                ? "border-brand-200 bg-brand-50 text-brand-800"
                : "border-line bg-white text-muted";
          const content = (
            <>
              <span className="font-bold">{i + 1}.</span> {labels[s]()}
            </>
          );
          return (
            <li key={s} className="shrink-0">
              {reachable && i !== at ? (
                <a
                  href={`${stepHref(s, postId)}${hrefSuffix}`}
                  className={`block rounded-full border px-3 py-1 ${state}`}
                >
                  {content}
                </a>
              ) : (
                <span
                  aria-current={i === at ? "step" : undefined}
                  aria-disabled={i > at && !editing ? true : undefined}
                  className={`block rounded-full border px-3 py-1 ${state}`}
                >
                  {content}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
