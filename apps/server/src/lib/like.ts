/**
 * User text inside a LIKE/ILIKE pattern: `%`, `_` and `\` are matched literally (PostgreSQL's
 * default escape character is `\`, so a trailing one would otherwise end the pattern in error).
 * Every `like`/`ilike` over text a user typed goes through one of these.
 */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A pattern matching values that contain the text. */
export const containsPattern = (text: string): string => `%${escapeLike(text)}%`;

/** A pattern matching values equal to the text (ILIKE: without regard to case). */
export const equalsPattern = (text: string): string => escapeLike(text);

/** A pattern matching values that start with the text. */
export const prefixPattern = (text: string): string => `${escapeLike(text)}%`;
