/**
 * Deleting a dealership or a network asks the admin to type its name (decision 073). What counts as the
 * same name: the typed text and the name with their outer spaces and repeated inner spaces removed, letter
 * for letter and case for case ("avtocenter golob" is not "Avtocenter Golob"). The dialog and the server
 * decide with this one rule.
 */
const normalised = (s: string) => s.trim().replace(/\s+/g, " ");

export const typedNameMatches = (typed: string | null | undefined, name: string) =>
  typeof typed === "string" && normalised(name) !== "" && normalised(typed) === normalised(name);

/** The refusal when the typed name is missing or differs (the API's 400, field `confirmName`). */
export const typedNameMismatch = "Za potrditev vpišite ime točno tako, kot je zapisano.";
