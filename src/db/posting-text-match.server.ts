import { or, sql } from "drizzle-orm";
import { baseModels, manufacturers, postings } from "./schema";

/**
 * A posting list's text search: make, model, trim, VIN or code contain the text (the user's `%` and `_`
 * are literal). The query must join `manufacturers` and `base_models`.
 */
export function postingTextMatch(text: string | undefined) {
  if (!text) return undefined;
  const like = `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  return or(
    ...[manufacturers.name, baseModels.name, postings.trimName, postings.vin, postings.code].map((column) => sql`${column} LIKE ${like} ESCAPE '\\'`),
  );
}
