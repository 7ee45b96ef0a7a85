import type { ContentDataByType, ContentType } from './schemas';

/** One published item as the public pages draw it: its page's address segment and the published version's fields. */
export interface PublishedItem<T extends ContentType = ContentType> {
  slug: string;
  data: ContentDataByType[T];
  /** ISO time the version on the site was published. */
  publishedAt: string;
}

/**
 * Everything the public pages show (issue 22, docs/decisions/0043), as the server reads it for the page renderer:
 * each type's published items in list order (position, then oldest first), and the site revision they are from.
 * The build renders the seed as revision 0.
 */
export interface PublishedContent {
  revision: number;
  items: { [T in ContentType]: PublishedItem<T>[] };
}
