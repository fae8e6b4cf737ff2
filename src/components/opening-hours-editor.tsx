import { useState } from "react";
import { type DayForm, type Weekday, type WeekForm, weekdays } from "~/domain/opening-hours";
import { m } from "~/paraglide/messages";
import { dayNames } from "~/domain/opening-hours-labels";
import { Checkbox, Field, FieldError } from "./ui/field";

const workdays: Weekday[] = ["tue", "wed", "thu", "fri"];

/**
 * The week's opening hours as seven rows (decision 072): each day "Zaprto", or from–to with an optional
 * break; every control is named with its day for screen readers ("Ponedeljek: odprto od"), and a
 * server or form message shows at its field (`hours.sun.from`).
 */
export function OpeningHoursEditor({
  id,
  value,
  onChange,
  errors,
}: {
  id: string;
  value: WeekForm;
  onChange: (week: WeekForm) => void;
  /** The form's messages by field path; this editor reads `hours`, `hours.<day>` and `hours.<day>.<field>`. */
  errors: Record<string, string | undefined>;
}) {
  // A break's fields show when the day has one or its "Odmor" box was just ticked.
  const [breaks, setBreaks] = useState<Partial<Record<Weekday, boolean>>>({});
  const setDay = (day: Weekday, change: Partial<DayForm>) =>
    onChange({ ...value, [day]: { ...value[day], ...change } });
  const copyMonday = () =>
    onChange({ ...value, ...Object.fromEntries(workdays.map((d) => [d, { ...value.mon }])) } as WeekForm);

  return (
    <div className="space-y-3" data-testid="opening-hours-editor">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted">{m.hours_hint()}</p>
        <button type="button" className="btn-outline" onClick={copyMonday}>
          {m.hours_copy_weekdays()}
        </button>
      </div>
      <FieldError id={`${id}-week`} error={errors.hours} />
      <ul className="divide-y divide-line rounded-lg border border-line">
        {weekdays.map((day) => {
          const d = value[day];
          const name = dayNames[day]();
          const fieldId = (f: string) => `${id}-${day}-${f}`;
          const error = (f: string) => errors[`hours.${day}.${f}`];
          const hasBreak = breaks[day] ?? Boolean(d.breakFrom || d.breakTo);
          const dayLabel = (text: string) => (
            <>
              <span className="sr-only">{name}: </span>
              {text}
            </>
          );
          const time = (f: "from" | "to" | "breakFrom" | "breakTo", label: string) => (
            <Field
              id={fieldId(f)}
              label={dayLabel(label)}
              type="time"
              value={d[f]}
              error={error(f)}
              onChange={(v) => setDay(day, { [f]: v })}
            />
          );
          return (
            <li key={day} className="grid gap-2 p-3 sm:grid-cols-[11rem_1fr]" data-testid={`hours-${day}`}>
              <div className="flex items-center justify-between gap-3 sm:flex-col sm:items-start sm:justify-start">
                <span className="font-semibold">{name}</span>
                <div className="flex flex-wrap gap-x-3 gap-y-1">
                  <Checkbox
                    id={fieldId("closed")}
                    label={dayLabel(m.hours_closed_day())}
                    checked={d.closed}
                    onChange={(closed) => setDay(day, { closed })}
                  />
                  {d.closed ? null : (
                    <Checkbox
                      id={fieldId("break")}
                      label={dayLabel(m.hours_break())}
                      checked={hasBreak}
                      onChange={(on) => {
                        setBreaks((b) => ({ ...b, [day]: on }));
                        if (!on) setDay(day, { breakFrom: "", breakTo: "" });
                      }}
                    />
                  )}
                </div>
              </div>
              {d.closed ? (
                <p className="self-center text-sm text-muted">{m.hours_closed_all_day()}</p>
              ) : (
                <div className="grid grid-cols-[repeat(auto-fill,minmax(7.5rem,1fr))] gap-3">
                  {time("from", m.hours_from())}
                  {time("to", m.hours_to())}
                  {hasBreak ? time("breakFrom", m.hours_break_from()) : null}
                  {hasBreak ? time("breakTo", m.hours_break_to()) : null}
                </div>
              )}
              <FieldError id={fieldId("day")} error={errors[`hours.${day}`]} />
            </li>
          );
        })}
      </ul>
    </div>
  );
}
