import { formatDayHours, groupWeek, type Weekday, type WeekHours } from "./opening-hours";
import { m } from "~/paraglide/messages";

// Named one by one: a message looked up by a computed name would keep every message in the shared chunk.

/** "Ponedeljek" … "Nedelja": a day's name on its own (the editor's rows, the week's table). */
export const dayNames: Record<Weekday, () => string> = {
  mon: m.hours_day_mon,
  tue: m.hours_day_tue,
  wed: m.hours_day_wed,
  thu: m.hours_day_thu,
  fri: m.hours_day_fri,
  sat: m.hours_day_sat,
  sun: m.hours_day_sun,
};

/** "Pon" … "Ned": the grouped week line ("Pon–pet 8.00–16.00"). */
export const dayShortNames: Record<Weekday, () => string> = {
  mon: m.hours_short_mon,
  tue: m.hours_short_tue,
  wed: m.hours_short_wed,
  thu: m.hours_short_thu,
  fri: m.hours_short_fri,
  sat: m.hours_short_sat,
  sun: m.hours_short_sun,
};

/** "v ponedeljek" … "v nedeljo": when it opens next. */
export const onDayNames: Record<Weekday, () => string> = {
  mon: m.hours_on_mon,
  tue: m.hours_on_tue,
  wed: m.hours_on_wed,
  thu: m.hours_on_thu,
  fri: m.hours_on_fri,
  sat: m.hours_on_sat,
  sun: m.hours_on_sun,
};

/** "Pon–pet 8.00–12.00, 13.00–17.00 · Sob 8.00–12.00 · Ned zaprto" */
export function weekLine(week: WeekHours): string[] {
  return groupWeek(week).map((g) => {
    const days =
      g.first === g.last
        ? dayShortNames[g.first]()
        : `${dayShortNames[g.first]()}–${dayShortNames[g.last]().toLocaleLowerCase("sl")}`;
    return `${days} ${g.hours ? formatDayHours(g.hours) : m.hours_closed()}`;
  });
}
