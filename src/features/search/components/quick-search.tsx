import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useId, useState } from "react";
import { fuelLabels, fuels } from "~/domain/enums/vehicle";
import { aiSearchHref, quickSearchHref } from "~/domain/search-href";
import { digitsOnly } from "~/domain/digits";
import { m } from "~/paraglide/messages";
import { SearchIcon, SparkIcon } from "~/components/ui/icons";
import { manufacturersQueryOptions, modelsQueryOptions } from "~/client/catalogue.queries";

const currentYear = new Date().getFullYear();
const years = Array.from({ length: currentYear - 1995 + 1 }, (_, i) => currentYear - i);

/** Home search box: make, model, price to, year from, fuel; plus the AI free-text box. */
export function QuickSearch() {
  const navigate = useNavigate();
  const id = useId();
  const manufacturers = useSuspenseQuery(manufacturersQueryOptions()).data;
  const [manufacturer, setManufacturer] = useState("");
  const models = useQuery(modelsQueryOptions(manufacturer));
  const [ai, setAi] = useState("");

  return (
    <div className="card space-y-5 p-4 shadow-lg desk:p-6">
      {/* A GET form to /iskanje: before hydration the browser submits it and the page reads its names (decision 064). */}
      <form
        method="get"
        action="/iskanje"
        aria-label={m.home_search_heading()}
        className="grid grid-cols-2 gap-3 desk:grid-cols-6"
        onSubmit={(e) => {
          e.preventDefault();
          const data = new FormData(e.currentTarget);
          const get = (k: string) => String(data.get(k) ?? "");
          void navigate({
            href: quickSearchHref({
              manufacturer: get("make"),
              model: get("make.model"),
              priceTo: get("price.max"),
              yearFrom: get("year.min"),
              fuel: get("fuel"),
            }),
          });
        }}
      >
        <div className="col-span-2 desk:col-span-1">
          <label className="field-label" htmlFor={`${id}-make`}>
            {m.home_search_manufacturer()}
          </label>
          <select
            id={`${id}-make`}
            name="make"
            className="field-input"
            value={manufacturer}
            onChange={(e) => setManufacturer(e.target.value)}
          >
            <option value="">{m.home_search_any_manufacturer()}</option>
            {manufacturers.map((mk) => (
              <option key={mk.value} value={mk.value}>
                {mk.text}
              </option>
            ))}
          </select>
        </div>
        <div className="col-span-2 desk:col-span-1">
          <label className="field-label" htmlFor={`${id}-model`}>
            {m.home_search_model()}
          </label>
          <select id={`${id}-model`} name="make.model" className="field-input" disabled={!manufacturer}>
            <option value="">{m.home_search_any_model()}</option>
            {(models.data ?? []).map((md) => (
              <option key={md.value} value={md.value}>
                {md.text}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label className="field-label" htmlFor={`${id}-price`}>
            {m.home_search_price_to()}
          </label>
          <input
            id={`${id}-price`}
            name="price.max"
            inputMode="numeric"
            autoComplete="off"
            className="field-input"
            onInput={(e) => (e.currentTarget.value = digitsOnly(e.currentTarget.value))}
          />
        </div>
        <div>
          <label className="field-label" htmlFor={`${id}-year`}>
            {m.home_search_year_from()}
          </label>
          <select id={`${id}-year`} name="year.min" className="field-input">
            <option value="">{m.home_search_any()}</option>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </div>
        <div className="col-span-2 desk:col-span-1">
          <label className="field-label" htmlFor={`${id}-fuel`}>
            {m.home_search_fuel()}
          </label>
          <select id={`${id}-fuel`} name="fuel" className="field-input">
            <option value="">{m.home_search_any()}</option>
            {fuels.map((f) => (
              <option key={f} value={f}>
                {fuelLabels[f]}
              </option>
            ))}
          </select>
        </div>
        <div className="col-span-2 flex items-end desk:col-span-1">
          <button type="submit" className="btn-primary w-full py-2.5">
            <SearchIcon /> {m.home_search_submit()}
          </button>
        </div>
      </form>
      <form
        method="get"
        action="/iskanje"
        className="flex flex-col gap-2 border-t border-line pt-4 desk:flex-row desk:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          if (ai.trim()) void navigate({ href: aiSearchHref(ai) });
        }}
      >
        <div className="flex-1">
          <label className="field-label" htmlFor={`${id}-ai`}>
            {m.home_ai_label()}
          </label>
          <input
            name="ai"
            id={`${id}-ai`}
            className="field-input"
            placeholder={m.home_ai_placeholder()}
            value={ai}
            onChange={(e) => setAi(e.target.value)}
          />
        </div>
        <button type="submit" className="btn-outline py-2.5">
          <SparkIcon /> {m.home_ai_submit()}
        </button>
      </form>
    </div>
  );
}
