import { formatNumber } from "~/domain/format";
import { pluralCategory } from "~/domain/plural";
import { m } from "~/paraglide/messages";

const vehicles = { one: m.vehicles_one, two: m.vehicles_two, few: m.vehicles_few, other: m.vehicles_other };
const show = { one: m.search_show_one, two: m.search_show_two, few: m.search_show_few, other: m.search_show_other };

/** "1 vozilo", "2 vozili", "3 vozila", "5 vozil" (Slovenian plural by n mod 100). */
export const vehiclesLabel = (n: number) => vehicles[pluralCategory(n)]({ count: formatNumber(n) });

/** "Prikaži 1 vozilo" … "Prikaži 5 vozil" on the apply button. */
export const showVehiclesLabel = (n: number) => show[pluralCategory(n)]({ count: formatNumber(n) });
