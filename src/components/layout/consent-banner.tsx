import { useCallback, useId, useState } from "react";
import { Modal } from "~/components/modal";
import { acceptAllChoice, type ConsentCategory, type ConsentChoice, necessaryOnlyChoice } from "~/domain/consent";
import { apiPrefix } from "~/client/api-url";
import { saveConsent, useConsent, useConsentSettingsRequest } from "~/client/consent";
import { m } from "~/paraglide/messages";
import { useHere } from "./use-here";

/**
 * The cookie-consent bar (until the visitor decides) and the settings dialog (also opened from the
 * footer). Refusing is as easy as accepting: both are one click, side by side.
 */
export function ConsentBanner() {
  const consent = useConsent();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const titleId = useId();
  const here = useHere();
  useConsentSettingsRequest(useCallback(() => setSettingsOpen(true), []));

  function decide(choice: ConsentChoice) {
    setSettingsOpen(false);
    saveConsent(choice);
  }

  return (
    <>
      {consent === null ? (
        <section
          aria-labelledby={titleId}
          data-testid="consent-banner"
          className="fixed inset-x-2 bottom-[calc(4rem+env(safe-area-inset-bottom))] z-40 mx-auto max-w-4xl rounded-xl border border-line bg-white p-4 shadow-xl desk:bottom-4"
        >
          <div className="desk:flex desk:items-center desk:gap-6">
            <div className="min-w-0 flex-1 text-sm">
              <h2 id={titleId} className="font-semibold">
                {m.pages_consent_title()}
              </h2>
              <p className="mt-1 text-muted">
                {m.pages_consent_text()}{" "}
                <a href="/piskotki" className="font-medium text-brand-700 underline underline-offset-2">
                  {m.pages_consent_more()}
                </a>
              </p>
            </div>
            {/*
              A real form (decision 064): before the page has hydrated, a tap posts the choice, the server sets the
              cookie and answers with this same page; after, the click is handled here without a page load.
            */}
            <form
              method="post"
              action={`${apiPrefix}consent`}
              className="mt-3 flex flex-wrap gap-2 desk:mt-0 desk:flex-nowrap"
            >
              <input type="hidden" name="returnTo" value={here} />
              <button
                type="submit"
                name="choice"
                value="all"
                className="btn-primary flex-1 desk:flex-none"
                onClick={(e) => {
                  e.preventDefault();
                  decide(acceptAllChoice);
                }}
              >
                {m.pages_consent_accept_all()}
              </button>
              <button
                type="submit"
                name="choice"
                value="necessary"
                className="btn-primary flex-1 desk:flex-none"
                onClick={(e) => {
                  e.preventDefault();
                  decide(necessaryOnlyChoice);
                }}
              >
                {m.pages_consent_reject()}
              </button>
              {/* The dialog needs JavaScript; before it, the link opens the cookie page with its settings. */}
              <a
                href="/piskotki"
                className="btn-ghost w-full desk:w-auto"
                aria-haspopup="dialog"
                onClick={(e) => {
                  e.preventDefault();
                  setSettingsOpen(true);
                }}
              >
                {m.pages_consent_settings()}
              </a>
            </form>
          </div>
        </section>
      ) : null}
      <Modal open={settingsOpen} onClose={() => setSettingsOpen(false)} title={m.pages_consent_settings_title()}>
        <ConsentSettings initial={consent ?? necessaryOnlyChoice} onSave={decide} />
      </Modal>
    </>
  );
}

const categories: { key: ConsentCategory | "necessary"; label: () => string; text: () => string }[] = [
  { key: "necessary", label: m.pages_consent_necessary, text: m.pages_consent_necessary_text },
  { key: "analytics", label: m.pages_consent_analytics, text: m.pages_consent_analytics_text },
  { key: "marketing", label: m.pages_consent_marketing, text: m.pages_consent_marketing_text },
];

function ConsentSettings({ initial, onSave }: { initial: ConsentChoice; onSave: (choice: ConsentChoice) => void }) {
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
