import { useNavigate } from "@tanstack/react-router";
import { useId } from "react";
import { SparkIcon } from "~/components/ui/icons";
import { aiSearchHref } from "~/domain/search-href";
import { m } from "~/paraglide/messages";

type Props = {
  /** The phrase already searched for (the `ai` parameter), so it can be refined rather than retyped. */
  defaultValue?: string;
  /** The home page's label; the search page names the box shorter. */
  label?: string;
  className?: string;
  /** One row at any width, the button a bare icon on a phone: the search page, where height is dear. */
  compact?: boolean;
};

/**
 * The free-text box of the home and search pages. A plain GET form to /iskanje?ai=…, so a tap before
 * the page's scripts run still searches (the route resolves the phrase on the server); once hydrated,
 * the router navigates without a reload.
 */
export function AiSearchBox({ defaultValue = "", label = m.home_ai_label(), className = "", compact = false }: Props) {
  const navigate = useNavigate();
  const id = useId();
  return (
    <form
      method="get"
      action="/iskanje"
      role="search"
      aria-label={m.search_ai_box_label()}
      className={`flex gap-2 ${compact ? "items-end" : "flex-col desk:flex-row desk:items-end"} ${className}`}
      onSubmit={(e) => {
        e.preventDefault();
        const text = String(new FormData(e.currentTarget).get("ai") ?? "").trim();
        if (text) void navigate({ href: aiSearchHref(text) });
      }}
    >
      <div className="min-w-0 flex-1">
        <label className="field-label" htmlFor={`${id}-ai`}>
          {label}
        </label>
        <input
          id={`${id}-ai`}
          name="ai"
          type="search"
          required
          maxLength={300}
          enterKeyHint="search"
          autoComplete="off"
          className="field-input"
          placeholder={m.home_ai_placeholder()}
          defaultValue={defaultValue}
        />
      </div>
      <button type="submit" className="btn-outline shrink-0 py-2.5" title={compact ? m.home_ai_submit() : undefined}>
        <SparkIcon /> <span className={compact ? "sr-only sm:not-sr-only" : undefined}>{m.home_ai_submit()}</span>
      </button>
    </form>
  );
}
