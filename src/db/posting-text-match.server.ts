import { or } from "drizzle-orm";
import { containsText } from "./sql-text.server";
import { baseModels, manufacturers } from "./schema/catalogue";
import { postings } from "./schema/postings";

/**
 * A posting list's text search: make, model, trim, VIN or code contain the text (any length; `%` and
 * `_` are literal). The query must join `manufacturers` and `base_models`.
 */
export function postingTextMatch(text: string | undefined) {
  if (!text) return undefined;
  return or(
    ...[manufacturers.name, baseModels.name, postings.trimName, postings.vin, postings.code].map((column) =>
      containsText(column, text),
    ),
  );
}
