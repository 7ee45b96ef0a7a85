/**
 * Text searched "anywhere in" a column: a LIKE pattern with the searcher's `%`, `_` (and the escape character `!`)
 * taken literally, for `like ? escape '!'` on SQLite and MySQL alike.
 */
export function likePattern(text: string): string {
  return `%${text.replace(/[!%_]/g, (char) => `!${char}`)}%`;
}
