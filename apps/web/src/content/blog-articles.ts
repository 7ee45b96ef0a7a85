import { markdownPlainText, renderMarkdown, type BlogPostData } from '@agency/shared';
import type { NavLink } from './navigation';

/**
 * A blog post's article as its page draws it. The text is content staff edit (docs/decisions/0043): a Markdown body,
 * rendered to safe HTML by renderMarkdown in @agency/shared. Only the server and the build render it: the visitor's
 * JavaScript never holds markdown-it (the article's page keeps the server's HTML, see the route table's `content`).
 */
export interface BlogArticle {
  /** Search results and link previews show this, so it stays under about 160 characters. */
  metaDescription: string;
  /** The body as written, in Markdown. */
  body: string;
  /** The body as the page shows it. */
  html: string;
  /** The words of the body, for its reading time and its JSON-LD. */
  wordCount: number;
  /** Where a reader who wants help with the topic goes next. */
  next: { text: string; link: NavLink } | null;
}

/** The words of an article's text, for its reading time and its JSON-LD. */
export function articleWordCount(article: Pick<BlogArticle, 'body'>): number {
  const text = markdownPlainText(article.body).trim();
  return text ? text.split(/\s+/).length : 0;
}

/** One published blog post's article. */
export function toBlogArticle(data: BlogPostData): BlogArticle {
  return {
    metaDescription: data.metaDescription,
    body: data.body,
    html: renderMarkdown(data.body),
    wordCount: articleWordCount(data),
    next: data.next && { text: data.next.text, link: { label: data.next.label, to: data.next.path } },
  };
}
