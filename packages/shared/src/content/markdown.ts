import MarkdownIt from 'markdown-it';

/**
 * Blog post bodies (docs/decisions/0043, "Body text"): Markdown, rendered with raw HTML escaped, so what reaches a
 * page holds no script, iframe, style or event handler whatever an editor types. Headings move down a level (the
 * page's title is its only h1), links keep only addresses a reader can safely follow, and images are not part of the
 * format: an image's alt text stands in its place.
 */

/** http(s), mailto and tel addresses, and paths on this site ("/contact", not the protocol-relative "//host"). */
const SAFE_HREF = /^(?:https?:|mailto:|tel:|\/(?![/\\]))/i;
const OTHER_SITE = /^https?:/i;

/** # and ## become h2, ### h3, anything deeper h4. */
const HEADING_TAGS: Record<string, string> = { h1: 'h2', h2: 'h2', h3: 'h3' };

const markdown = new MarkdownIt('default', { html: false, linkify: false, typographer: false });

// A link whose address is refused is not a link: markdown-it leaves its text as written.
markdown.validateLink = (url) => SAFE_HREF.test(url.trim());

markdown.core.ruler.push('move_headings_down', (state) => {
  for (const token of state.tokens) {
    if (token.type === 'heading_open' || token.type === 'heading_close') token.tag = HEADING_TAGS[token.tag] ?? 'h4';
  }
});

markdown.renderer.rules.image = (tokens, index, options, env, self) =>
  markdown.utils.escapeHtml(self.renderInlineAsText(tokens[index]?.children ?? [], options, env));

// A fenced block is shown as code; its info string ("```js") is not written into the page as a class.
markdown.renderer.rules.fence = (tokens, index) =>
  `<pre><code>${markdown.utils.escapeHtml(tokens[index]?.content ?? '')}</code></pre>\n`;

markdown.renderer.rules.link_open = (tokens, index, options, _env, self) => {
  const token = tokens[index];
  if (token && OTHER_SITE.test(String(token.attrGet('href') ?? ''))) token.attrSet('rel', 'noopener noreferrer');
  return self.renderToken(tokens, index, options);
};

/** A body's HTML, safe to place in a page as it is. */
export function renderMarkdown(source: string): string {
  return markdown.render(source);
}

/** A body's words without their Markdown, each block's text separated by a space (word counts, reading time). */
export function markdownPlainText(source: string): string {
  return markdown
    .parse(source, {})
    .filter((token) => token.type === 'inline')
    .map((token) =>
      (token.children ?? [])
        .map((child) => (child.type === 'softbreak' || child.type === 'hardbreak' ? ' ' : child.content))
        .join(''),
    )
    .join(' ');
}
