import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { api } from "~/client/api";
import { data as readData } from "~/client/api-client";
import { usePointerDrag } from "~/components/use-pointer-drag";
import { m } from "~/paraglide/messages";
import type { ModelAdminView } from "~/contracts/admin-models";
import { modelAdminQueryOptions } from "../model-admin.queries";
import { useSaveModelAdmin } from "../use-save-model-admin";
import { NoticeBar } from "./dealer-admin-ui";
import { DealerAdminNav } from "./dealer-admin-ui";
import { ModelSeriesItem, type Series } from "./model-series-item";

type Column = { key: string; id?: number; name: string; series: Series[] };

const toColumns = (view: ModelAdminView): Column[] =>
  view.baseModels.map((bm) => ({ key: `id-${bm.id}`, id: bm.id, name: bm.name, series: bm.series }));

/**
 * /admin/models: a make's base models as columns of series. A series moves by its ⠿ handle, dragged with a
 * mouse or a finger (pointer events: HTML drag and drop never starts on a touch screen), by its "Premakni v …"
 * select, or by keyboard: pick it up (Space, Enter or a tap on the handle), choose the model with the arrow keys
 * (or its "Premakni sem" button) and drop it (Space or Enter; Escape cancels). Every move is announced. A model
 * is renamed by double click (or its rename button). Nothing is stored until "Shrani".
 */
export function ModelAdminPage({
  manufacturer,
  onManufacturer,
}: {
  manufacturer: string | undefined;
  onManufacturer: (code: string) => void;
}) {
  const { data } = useSuspenseQuery(modelAdminQueryOptions(manufacturer));
  const makes = useQuery({
    queryKey: ["manufacturers"],
    queryFn: () => readData(api.manufacturer.$get()),
    staleTime: 300_000,
  });
  const id = useId();
  const [columns, setColumns] = useState<Column[]>(() => toColumns(data));
  const [dirty, setDirty] = useState(false);
  const [grabbed, setGrabbed] = useState<{ seriesId: number; target: number; drag?: boolean } | null>(null);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [newName, setNewName] = useState("");
  const [announce, setAnnounce] = useState("");
  const saving = useSaveModelAdmin(manufacturer);
  const chipRefs = useRef(new Map<number, HTMLButtonElement>());
  const selectRefs = useRef(new Map<number, HTMLSelectElement>());
  const listRef = useRef<HTMLUListElement>(null);
  // The model under the finger, read when it lifts (the last render may not have seen it yet).
  const dragTarget = useRef<number | null>(null);
  // A drag ends with a click on the handle, which must not pick the series up again.
  const dragged = useRef(false);

  useEffect(() => {
    setColumns(toColumns(data));
    setDirty(false);
    setGrabbed(null);
  }, [data]);

  const seriesName = (seriesId: number) => columns.flatMap((c) => c.series).find((s) => s.id === seriesId)?.name ?? "";
  const columnOf = (seriesId: number) => columns.findIndex((c) => c.series.some((s) => s.id === seriesId));

  function move(seriesId: number, to: number, focus: "handle" | "select" = "handle") {
    const from = columnOf(seriesId);
    const target = columns[to];
    if (from < 0 || !target || from === to) return;
    setColumns((prev) => {
      const item = prev[from]?.series.find((s) => s.id === seriesId);
      if (!item) return prev;
      return prev.map((c, i) =>
        i === from
          ? { ...c, series: c.series.filter((s) => s.id !== seriesId) }
          : i === to
            ? { ...c, series: [...c.series, item].sort((a, b) => (a.yearFrom ?? 0) - (b.yearFrom ?? 0)) }
            : c,
      );
    });
    setDirty(true);
    setAnnounce(m.models_moved({ series: seriesName(seriesId), model: target.name }));
    // Focus follows the chip to its new column once React has rendered it.
    requestAnimationFrame(() => (focus === "select" ? selectRefs : chipRefs).current.get(seriesId)?.focus());
  }

  function grab(seriesId: number) {
    const from = columnOf(seriesId);
    setGrabbed({ seriesId, target: from });
    setAnnounce(m.models_grabbed({ series: seriesName(seriesId) }));
  }

  function onChipKey(e: KeyboardEvent<HTMLButtonElement>, seriesId: number) {
    if (!grabbed || grabbed.seriesId !== seriesId) return;
    const last = columns.length - 1;
    if (e.key === "ArrowRight" || e.key === "ArrowDown" || e.key === "ArrowLeft" || e.key === "ArrowUp") {
      e.preventDefault();
      const step = e.key === "ArrowRight" || e.key === "ArrowDown" ? 1 : -1;
      const target = Math.min(last, Math.max(0, grabbed.target + step));
      setGrabbed({ seriesId, target });
      setAnnounce(m.models_target({ model: columns[target]?.name ?? "" }));
    } else if (e.key === "Escape") {
      e.preventDefault();
      setGrabbed(null);
      setAnnounce(m.models_cancelled());
    }
  }

  const pointer = usePointerDrag<number>({
    slots: () => (listRef.current ? [...listRef.current.children].map((li) => li.getBoundingClientRect()) : null),
    start: (seriesId) => {
      dragged.current = true;
      dragTarget.current = columnOf(seriesId);
      setGrabbed({ seriesId, target: columnOf(seriesId), drag: true });
      setAnnounce(m.models_grabbed({ series: seriesName(seriesId) }));
    },
    over: (seriesId, slot) => {
      if (dragTarget.current === slot) return;
      dragTarget.current = slot;
      setGrabbed({ seriesId, target: slot, drag: true });
      setAnnounce(m.models_target({ model: columns[slot]?.name ?? "" }));
    },
    drop: (seriesId) => {
      const to = dragTarget.current;
      setGrabbed(null);
      if (to === null || to === columnOf(seriesId)) setAnnounce(m.models_cancelled());
      else move(seriesId, to);
    },
    cancel: () => {
      setGrabbed(null);
      setAnnounce(m.models_cancelled());
    },
  });

  function onChipActivate(seriesId: number) {
    if (dragged.current) {
      dragged.current = false;
      return;
    }
    if (grabbed?.seriesId === seriesId) {
      move(seriesId, grabbed.target);
      setGrabbed(null);
    } else grab(seriesId);
  }

  function rename(key: string, name: string) {
    const trimmed = name.trim();
    setRenaming(null);
    if (!trimmed) return;
    setColumns((prev) => prev.map((c) => (c.key === key && c.name !== trimmed ? { ...c, name: trimmed } : c)));
    setDirty(true);
  }

  const save = () =>
    void saving.save({
      manufacturer: data.manufacturer.code,
      baseModels: columns.map((c) => ({ id: c.id, name: c.name, seriesIds: c.series.map((s) => s.id) })),
    });
  const message = saving.message;

  return (
    <div className="space-y-5">
      <DealerAdminNav current="models" />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">{m.models_title()}</h1>
          <p className="mt-1 max-w-2xl text-sm text-muted">{m.models_intro()}</p>
        </div>
        <label className="text-sm">
          <span className="mb-1 block font-medium">{m.models_make()}</span>
          <select
            className="field-input"
            value={data.manufacturer.code}
            onChange={(e) => {
              if (!dirty || window.confirm(m.models_discard())) onManufacturer(e.target.value);
            }}
          >
            {(makes.data ?? [{ value: data.manufacturer.code, text: data.manufacturer.name, popular: true }]).map(
              (mk) => (
                <option key={mk.value} value={mk.value}>
                  {mk.text}
                </option>
              ),
            )}
          </select>
        </label>
      </div>

      <p className="sr-only" aria-live="assertive">
        {announce}
      </p>
      <p id={`${id}-help`} className="text-sm text-muted">
        {m.models_keyboard_help()}
      </p>

      <ul
        ref={listRef}
        className="grid grid-cols-1 gap-3 sm:grid-cols-2 desk:grid-cols-4"
        aria-describedby={`${id}-help`}
      >
        {columns.map((c, index) => {
          const targeted = grabbed !== null && grabbed.target === index && columnOf(grabbed.seriesId) !== index;
          return (
            <li
              key={c.key}
              data-testid="base-model"
              data-name={c.name}
              className={`card flex flex-col gap-2 p-3 ${targeted ? "bg-brand-50 ring-2 ring-brand-500" : ""}`}
            >
              <div className="flex items-center justify-between gap-2">
                {renaming === c.key ? (
                  <input
                    autoFocus
                    aria-label={m.models_rename_label({ model: c.name })}
                    className="field-input py-1"
                    defaultValue={c.name}
                    maxLength={60}
                    onBlur={(e) => rename(c.key, e.currentTarget.value)}
                    onKeyDown={(e) => {
                      if (e.key === "Enter") rename(c.key, e.currentTarget.value);
                      if (e.key === "Escape") setRenaming(null);
                    }}
                  />
                ) : (
                  <h2 className="font-semibold" onDoubleClick={() => setRenaming(c.key)} title={m.models_rename_hint()}>
                    {c.name} <span className="text-sm font-normal text-muted">({c.series.length})</span>
                  </h2>
                )}
                {renaming !== c.key ? (
                  <button
                    type="button"
                    className="btn-ghost px-2 py-1 text-xs"
                    onClick={() => setRenaming(c.key)}
                    aria-label={m.models_rename_label({ model: c.name })}
                  >
                    {m.models_rename()}
                  </button>
                ) : null}
              </div>
              <ul className="flex flex-col gap-1.5">
                {c.series.map((s) => {
                  const drag = pointer(s.id);
                  return (
                    <ModelSeriesItem
                      key={s.id}
                      series={s}
                      grabbed={grabbed?.seriesId === s.id}
                      models={columns.flatMap((o, i) => (i === index ? [] : [{ index: i, name: o.name }]))}
                      handle={{
                        ...drag,
                        ref: (el) => {
                          if (el) chipRefs.current.set(s.id, el);
                          else chipRefs.current.delete(s.id);
                        },
                        onPointerDown: (e) => {
                          dragged.current = false;
                          drag.onPointerDown(e);
                        },
                        onClick: () => onChipActivate(s.id),
                        onKeyDown: (e) => {
                          dragged.current = false;
                          onChipKey(e, s.id);
                        },
                      }}
                      selectRef={(el) => {
                        if (el) selectRefs.current.set(s.id, el);
                        else selectRefs.current.delete(s.id);
                      }}
                      onMoveTo={(to) => move(s.id, to, "select")}
                    />
                  );
                })}
              </ul>
              {grabbed && !grabbed.drag && columnOf(grabbed.seriesId) !== index ? (
                <button
                  type="button"
                  className="btn-outline mt-auto py-1 text-sm"
                  onClick={() => {
                    move(grabbed.seriesId, index);
                    setGrabbed(null);
                  }}
                >
                  {m.models_move_here({ series: seriesName(grabbed.seriesId) })}
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>

      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          const name = newName.trim();
          if (!name) return;
          setColumns((prev) => [...prev, { key: `new-${Date.now()}`, name, series: [] }]);
          setNewName("");
          setDirty(true);
        }}
      >
        <label className="text-sm">
          <span className="mb-1 block font-medium">{m.models_new_label()}</span>
          <input className="field-input" value={newName} onChange={(e) => setNewName(e.target.value)} maxLength={60} />
        </label>
        <button type="submit" className="btn-outline">
          {m.models_add()}
        </button>
      </form>

      <NoticeBar notice={message} />
      {/* Pinned above the bottom bar only while there is something to save: otherwise it would cover a series. */}
      <div
        className={`flex items-center justify-end gap-3 border-t border-line bg-white/95 py-3 ${dirty ? "sticky bottom-16 desk:bottom-0" : ""}`}
      >
        {dirty ? <span className="text-sm text-muted">{m.models_unsaved()}</span> : null}
        <button
          type="button"
          className="btn-ghost"
          disabled={!dirty || saving.busy}
          onClick={() => {
            setColumns(toColumns(data));
            setDirty(false);
            setGrabbed(null);
          }}
        >
          {m.models_reset()}
        </button>
        <button type="button" className="btn-primary" disabled={!dirty || saving.busy} onClick={save}>
          {m.models_save()}
        </button>
      </div>
    </div>
  );
}
