import { lazy, Suspense, useCallback, useId, useState } from "react";
import { Modal } from "~/components/modal";
import { acceptAllChoice, type ConsentChoice, necessaryOnlyChoice } from "~/domain/consent";
import { apiPrefix } from "~/client/api-url";
import { saveConsent, useConsent, useConsentSettingsRequest } from "~/client/consent";
import { m } from "~/paraglide/messages";
import { reloadOnceForChunkError } from "./document-effects";
import { useHere } from "./use-here";

// The settings dialog's form loads when the dialog is first asked for (a tap on "Nastavitve" or the footer's link):
// almost no visit opens it, and every page carried it (decision 084).
// If its chunk cannot load (an old tab after a deploy), the page reloads once; when that reload is spent, the dialog
// says so and links to the cookie page, whose settings work without it (never the error page in place of the page).
const loadSettings = () => import("./consent-settings");
const ConsentSettings = lazy(() =>
  loadSettings().then(
    (mod) => ({ default: mod.ConsentSettings }),
    () => {
      if (reloadOnceForChunkError()) return new Promise<never>(() => {});
      return { default: SettingsUnavailable };
    },
  ),
);

function SettingsUnavailable(_: { initial: ConsentChoice; onSave: (choice: ConsentChoice) => void }) {
  return (
    <div role="alert" className="space-y-3 text-sm">
      <p>{m.consent_settings_unavailable()}</p>
      <p>
        <a className="font-medium text-brand-700 underline underline-offset-2" href="/piskotki">
          {m.consent_settings_page_link()}
        </a>
      </p>
    </div>
  );
}

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
                onPointerDown={() => void loadSettings()}
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
        <Suspense fallback={<p className="text-sm text-muted">{m.consent_settings_loading()}</p>}>
          <ConsentSettings initial={consent ?? necessaryOnlyChoice} onSave={decide} />
        </Suspense>
      </Modal>
    </>
  );
}
