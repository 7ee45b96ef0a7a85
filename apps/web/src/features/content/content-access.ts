/**
 * Whether the session says its account may edit the site's content (issue 22: the session answer carries
 * `contentEditor`). Owners always may; the owner check says that part.
 */
export function isContentEditor(user: object | null): boolean {
  return user !== null && 'contentEditor' in user && user.contentEditor === true;
}

/** What someone who may not edit content is told (the API answered 403, or the session says so). */
export const EDITORS_ONLY = 'Only owners and the colleagues they name as editors can edit the site’s content.';
