/** LIKE wildcards typed by the user are searched for literally. */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (ch) => `\\${ch}`);
