import { and, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { foldedLetters, isYearWord, searchWords, wordSeparators } from "~/domain/stock-search-words";
import { baseModels, manufacturers } from "./schema/catalogue";
import { postings } from "./schema/postings";

/** A constant of our own tables as an SQL literal: D1 allows 100 bound parameters per query. */
const literal = (s: string) => sql.raw(`'${s.replaceAll("'", "''")}'`);

/** The text folded as `foldSearchText` folds a query: lower case, no diacritics, separators as spaces. */
function foldedSql(text: SQL): SQL {
  let folded = sql`lower(${text})`;
  for (const [letter, plain] of foldedLetters) folded = sql`replace(${folded}, ${literal(letter)}, ${literal(plain)})`;
  for (const separator of wordSeparators) folded = sql`replace(${folded}, ${literal(separator)}, ' ')`;
  return folded;
}

const text = (column: SQLiteColumn) => sql`coalesce(${column}, '')`;

/**
 * A posting list's text search (decision 070): every word of the query matches the posting on its own, in
 * any order. A word matches the start of a word of the make, model or trim ("kodi", "skoda", "rs"), anywhere
 * in the VIN or code (a fragment copied from papers), or, with four digits, the first registration or model
 * year. instr, never LIKE: D1 refuses long LIKE patterns, and nothing needs escaping (`%`, `_` are literal).
 * The query must join `manufacturers` and `base_models`.
 */
export function postingTextMatch(query: string | undefined) {
  const words = searchWords(query);
  if (words.length === 0) return undefined;
  const names = sql`' ' || ${foldedSql(sql`${text(manufacturers.name)} || ' ' || ${text(baseModels.name)} || ' ' || ${text(postings.trimName)}`)}`;
  const codes = sql`lower(${text(postings.vin)} || ' ' || ${postings.code})`;
  return and(
    ...words.map((word) =>
      or(
        sql`instr(${names}, ${` ${word}`}) > 0`,
        sql`instr(${codes}, ${word}) > 0`,
        ...(isYearWord(word)
          ? [sql`${postings.modelYear} = ${Number(word)}`, sql`substr(${postings.firstRegistration}, 1, 4) = ${word}`]
          : []),
      ),
    ),
  );
}
