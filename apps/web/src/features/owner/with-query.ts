/** A path with a query string (the download links), or the bare path when the query is empty. */
export const withQuery = (path: string, search: string) => (search ? `${path}?${search}` : path);
