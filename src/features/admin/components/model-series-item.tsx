import type { KeyboardEvent, PointerEvent } from "react";
import type { ModelAdminView } from "~/contracts/admin-models";
import { m } from "~/paraglide/messages";

export type Series = ModelAdminView["baseModels"][number]["series"][number];

/**
 * One series in its base model's card: the ⠿ handle (dragged with a mouse or a finger; with the keyboard
 * Space lifts it and the arrows choose the model), its name and postings, and the "Premakni v …" select, the
 * accessible way to move it without dragging. Both controls are at least 44 × 44 px.
 */
export function ModelSeriesItem({
  series: s,
  grabbed,
  models,
  handle,
  onMoveTo,
  selectRef,
}: {
  series: Series;
  grabbed: boolean;
  /** The other base models, by their index among the columns. */
  models: { index: number; name: string }[];
  handle: {
    ref: (el: HTMLButtonElement | null) => void;
    onClick: () => void;
    onKeyDown: (e: KeyboardEvent<HTMLButtonElement>) => void;
    onPointerDown: (e: PointerEvent<HTMLElement>) => void;
    onPointerMove: (e: PointerEvent<HTMLElement>) => void;
    onPointerUp: (e: PointerEvent<HTMLElement>) => void;
    onPointerCancel: () => void;
  };
  onMoveTo: (index: number) => void;
  selectRef: (el: HTMLSelectElement | null) => void;
}) {
  return (
    <li
      data-testid="model-series"
      data-series={s.name}
      className={`flex items-center gap-1 rounded-lg border pr-1 ${grabbed ? "border-brand-700 bg-brand-50 ring-2 ring-brand-600" : "border-line bg-white"}`}
    >
      <button
        type="button"
        {...handle}
        aria-pressed={grabbed}
        aria-label={m.models_series_label({
          series: s.name,
          years: s.yearFrom ? `${s.yearFrom}–${s.yearTo ?? ""}` : "",
          postings: String(s.postings),
        })}
        className="flex size-11 shrink-0 cursor-grab touch-none select-none items-center justify-center rounded-lg text-lg text-muted hover:bg-surface active:cursor-grabbing"
      >
        <span aria-hidden="true">⠿</span>
      </button>
      <span className="min-w-0 flex-1 truncate text-sm" aria-hidden="true">
        {s.name} <span className="text-muted">{s.postings}</span>
      </span>
      {models.length ? (
        <select
          ref={selectRef}
          className="field-input h-11 w-36 shrink-0 px-2 py-0 text-sm"
          aria-label={m.models_move_to_label({ series: s.name })}
          value=""
          onChange={(e) => {
            if (e.target.value !== "") onMoveTo(Number(e.target.value));
          }}
        >
          <option value="">{m.models_move_to()}</option>
          {models.map(({ index, name }) => (
            <option key={index} value={index} label={name} />
          ))}
        </select>
      ) : null}
    </li>
  );
}
