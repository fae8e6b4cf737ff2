import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useId, useState } from "react";
import { normalizeVin } from "~/domain/vin-text";
import type { Me } from "~/domain/user";
import { manufacturersQueryOptions, modelsQueryOptions } from "~/client/catalogue.queries";
import { trimSelectionHref } from "~/domain/wizard-steps";
import { useStartDraft } from "../use-start-draft";
import { FieldFrame } from "~/components/ui/field";
import { m } from "~/paraglide/messages";

/**
 * The step's check of a chassis number needs the validation library (zod, ≈ 25 KB gzip and 40 ms of a phone's
 * CPU to start): it loads when the seller first touches the number, not with the page (docs/performance.md).
 */
const loadDraftSchema = () => import("~/contracts/drafts").then((contract) => contract.createDraftSchema);

/**
 * Step 1: the chassis number (whole or partial, optionally hidden) or a manual make and model, which
 * goes on to trim selection. Signed-out sellers leave the choice on the server and sign in (decision 046).
 */
export function SelectVehicleStep({ me, duplicateVin }: { me: Me | null; duplicateVin: boolean }) {
  const id = useId();
  const navigate = useNavigate();
  const [mode, setMode] = useState<"vin" | "manual">("vin");
  const [vin, setVin] = useState("");
  const [hiddenVin, setHiddenVin] = useState(false);
  const [isPartialVin, setPartial] = useState(false);
  const [manufacturer, setManufacturer] = useState("");
  const [model, setModel] = useState("");
  const { start, busy, error, setError } = useStartDraft(me);
  const [duplicateShown, setDuplicateShown] = useState(duplicateVin);
  const makes = useQuery({ ...manufacturersQueryOptions(), enabled: mode === "manual" });
  const models = useQuery({ ...modelsQueryOptions(manufacturer), enabled: mode === "manual" && manufacturer !== "" });
  const shownError = error ?? (duplicateShown ? m.wizard_duplicate_vin() : null);

  // A chassis-number error belongs to the number: switching to manual selection leaves it behind.
  function switchMode(next: "vin" | "manual") {
    setMode(next);
    setError(null);
    setDuplicateShown(false);
  }

  async function submit() {
    setDuplicateShown(false);
    if (mode === "manual") {
      if (!manufacturer || !model) {
        setError(m.wizard_make_and_model());
        return;
      }
      setError(null);
      void navigate({ href: trimSelectionHref(manufacturer, model) });
      return;
    }
    const input = { vin: normalizeVin(vin), hiddenVin, isPartialVin, manufacturer: null, model: null };
    const parsed = (await loadDraftSchema()).safeParse(input);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? m.error_generic());
      return;
    }
    void start(input);
  }

  return (
    <form
      noValidate
      className="space-y-5"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h1 className="text-2xl font-bold">{m.wizard_vehicle_title()}</h1>
      <div role="radiogroup" aria-label={m.wizard_vehicle_mode()} className="flex gap-2">
        {(["vin", "manual"] as const).map((v) => (
          <label
            key={v}
            className={`cursor-pointer rounded-full border px-3 py-1 text-sm focus-within:ring-2 focus-within:ring-brand-600 focus-within:ring-offset-2 ${mode === v ? "border-brand-700 bg-brand-700 text-white" : "border-line"}`}
          >
            <input
              type="radio"
              name="mode"
              value={v}
              checked={mode === v}
              onChange={() => switchMode(v)}
              className="sr-only"
            />
            {v === "vin" ? m.wizard_mode_vin() : m.wizard_mode_manual()}
          </label>
        ))}
      </div>
      {mode === "vin" ? (
        <div className="space-y-3">
          {/* The VIN's refusal is the step's message below (role="alert"); the field is marked invalid with it. */}
          <FieldFrame id={`${id}-vin`} label={m.wizard_vin_label()} hint={m.wizard_vin_help()}>
            {(aria) => (
              <input
                {...aria}
                className="field-input font-mono uppercase"
                autoComplete="off"
                spellCheck={false}
                maxLength={24}
                value={vin}
                onChange={(e) => setVin(e.target.value)}
                onFocus={() => void loadDraftSchema()}
                aria-invalid={shownError ? true : undefined}
              />
            )}
          </FieldFrame>
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              checked={isPartialVin}
              onChange={(e) => setPartial(e.target.checked)}
              className="mt-1"
            />
            <span>{m.wizard_partial_vin()}</span>
          </label>
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              checked={hiddenVin}
              onChange={(e) => setHiddenVin(e.target.checked)}
              className="mt-1"
              aria-describedby={`${id}-hidden-help`}
            />
            <span>{m.wizard_hidden_vin()}</span>
          </label>
          {hiddenVin ? (
            <p id={`${id}-hidden-help`} className="rounded-lg bg-accent-500/15 p-3 text-sm">
              {m.wizard_hidden_vin_consequences()}
            </p>
          ) : null}
        </div>
      ) : (
        <div className="grid gap-3 sm:grid-cols-2">
          <div>
            <label className="field-label" htmlFor={`${id}-make`}>
              {m.spec_brand()}
            </label>
            <select
              id={`${id}-make`}
              className="field-input"
              value={manufacturer}
              onChange={(e) => {
                setManufacturer(e.target.value);
                setModel("");
              }}
            >
              <option value="">{m.wizard_choose()}</option>
              {(makes.data ?? []).map((o) => (
                <option key={o.value} value={o.value}>
                  {o.text}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label className="field-label" htmlFor={`${id}-model`}>
              {m.spec_model()}
            </label>
            <select
              id={`${id}-model`}
              className="field-input"
              value={model}
              disabled={!manufacturer}
              onChange={(e) => setModel(e.target.value)}
            >
              <option value="">{m.wizard_choose()}</option>
              {(models.data ?? []).map((o) => (
                <option key={o.value} value={o.value}>
                  {o.text}
                </option>
              ))}
            </select>
          </div>
        </div>
      )}
      {shownError ? (
        <p role="alert" className="text-sm text-danger">
          {shownError}
        </p>
      ) : null}
      <button type="submit" className="btn-primary w-full py-3 sm:w-auto" disabled={busy}>
        {m.wizard_next()}
      </button>
    </form>
  );
}
