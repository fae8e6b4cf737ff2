import { useId, useState } from "react";
import { acceptAllChoice, type ConsentCategory, type ConsentChoice, necessaryOnlyChoice } from "~/domain/consent";
import { m } from "~/paraglide/messages";

const categories: { key: ConsentCategory | "necessary"; label: () => string; text: () => string }[] = [
  { key: "necessary", label: m.pages_consent_necessary, text: m.pages_consent_necessary_text },
  { key: "analytics", label: m.pages_consent_analytics, text: m.pages_consent_analytics_text },
  { key: "marketing", label: m.pages_consent_marketing, text: m.pages_consent_marketing_text },
];

/** The consent settings dialog's form: one switch per category, then save, accept all or refuse. */
export function ConsentSettings({
  initial,
  onSave,
}: {
  initial: ConsentChoice;
  onSave: (choice: ConsentChoice) => void;
}) {
  const id = useId();
  const [choice, setChoice] = useState(initial);
  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        onSave(choice);
      }}
    >
      <p className="text-sm text-muted">
        {m.pages_consent_settings_intro()}{" "}
        <a href="/piskotki" className="font-medium text-brand-700 underline underline-offset-2">
          {m.pages_consent_more()}
        </a>
      </p>
      <ul className="space-y-3">
        {categories.map((c) => {
          const necessary = c.key === "necessary";
          const checked = c.key === "necessary" ? true : choice[c.key];
          return (
            <li key={c.key} className="flex items-start gap-3 rounded-lg border border-line p-3">
              <input
                id={`${id}-${c.key}`}
                type="checkbox"
                role="switch"
                className="mt-0.5 size-5 shrink-0 accent-brand-600"
                checked={checked}
                disabled={necessary}
                aria-describedby={`${id}-${c.key}-text`}
                onChange={(e) => {
                  if (c.key !== "necessary") setChoice({ ...choice, [c.key]: e.target.checked });
                }}
              />
              <div className="text-sm">
                <label htmlFor={`${id}-${c.key}`} className="font-semibold">
                  {c.label()}
                  {necessary ? (
                    <span className="ml-2 text-xs font-normal text-muted">{m.pages_consent_always_on()}</span>
                  ) : null}
                </label>
                <p id={`${id}-${c.key}-text`} className="mt-0.5 text-muted">
                  {c.text()}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary flex-1">
          {m.pages_consent_save()}
        </button>
        <button type="button" className="btn-outline flex-1" onClick={() => onSave(acceptAllChoice)}>
          {m.pages_consent_accept_all()}
        </button>
        <button type="button" className="btn-outline flex-1" onClick={() => onSave(necessaryOnlyChoice)}>
          {m.pages_consent_reject()}
        </button>
      </div>
    </form>
  );
}
