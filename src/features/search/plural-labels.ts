import { formatNumber } from "~/domain/format";
import { pluralCategory } from "~/domain/plural";
import { m } from "~/paraglide/messages";

const vehicles = { one: m.vehicles_one, two: m.vehicles_two, few: m.vehicles_few, other: m.vehicles_other };
const show = { one: m.search_show_one, two: m.search_show_two, few: m.search_show_few, other: m.search_show_other };

/** "1 vozilo", "2 vozili", "3 vozila", "5 vozil" (Slovenian plural by n mod 100). */
export const vehiclesLabel = (n: number) => vehicles[pluralCategory(n)]({ count: formatNumber(n) });

/** "Prikaži 1 vozilo" … "Prikaži 5 vozil" on the apply button. */
export const showVehiclesLabel = (n: number) => show[pluralCategory(n)]({ count: formatNumber(n) });

const newHits = { one: m.saved_new_one, two: m.saved_new_two, few: m.saved_new_few, other: m.saved_new_other };
const moreFilters = {
  one: m.saved_more_filters_one,
  two: m.saved_more_filters_two,
  few: m.saved_more_filters_few,
  other: m.saved_more_filters_other,
};

/** "1 nov zadetek", "2 nova zadetka", "3 novi zadetki", "5 novih zadetkov" on a saved search. */
export const newHitsLabel = (n: number) => newHits[pluralCategory(n)]({ count: formatNumber(n) });

/** "in še 1 filter" … "in še 5 filtrov" at the end of a shortened saved-search name. */
export const moreFiltersLabel = (n: number) => moreFilters[pluralCategory(n)]({ count: formatNumber(n) });
