import { searchedColumnsOf, type MessageKind } from './enquiry-kinds';

/**
 * Text as the inbox search compares it (docs/decisions/0021): without accents and tone marks, in lower case, one
 * space between words, so "Ọlábísí", "ỌLÁBÍSÍ" and "olabisi" are the same letters on SQLite and MariaDB alike
 * (SQLite's LIKE ignores case only for ASCII, MariaDB's collation decides for itself). Lower case comes first: a
 * capital such as "İ" lowers to a letter and a combining mark, which the strip then removes.
 */
export function searchTextOf(text: string): string {
  return text.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ').trim();
}

/**
 * At most this many characters of `search_text`: four bytes each at most, they fit MariaDB's TEXT (65,535 bytes). A
 * message of 5,000 characters is far below it, but normalising can make one character many (NFKD writes U+FDFA as
 * 18 letters), and an overflow would be a 500 on MariaDB (issue 17); beyond it the end of the text is not searched.
 */
export const SEARCH_TEXT_MAX_CHARACTERS = 16_000;

/**
 * The `search_text` of a stored enquiry from its columns: the name, the other searched columns (searchedColumnsOf)
 * and the reference. The parts are joined by a line break, which a searched
 * text never holds once it is normalised (searchTextOf makes every run of white space one space), so a search never
 * matches across the end of one column and the start of the next.
 */
export function enquirySearchTextOf(kind: MessageKind, columns: Readonly<Record<string, unknown>>): string {
  const { name, other } = searchedColumnsOf(kind);
  const present = (names: readonly string[]) =>
    names.map((column) => columns[column]).filter((value): value is string => typeof value === 'string');
  const text = [present(name).join(' '), ...present([...other, 'reference'])].map(searchTextOf).join('\n');
  const characters = Array.from(text);
  return characters.length > SEARCH_TEXT_MAX_CHARACTERS
    ? characters.slice(0, SEARCH_TEXT_MAX_CHARACTERS).join('')
    : text;
}
