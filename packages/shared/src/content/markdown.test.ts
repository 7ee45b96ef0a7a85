import { describe, expect, it } from 'vitest';
import { markdownPlainText, renderMarkdown } from './markdown';

/** The elements and attributes Markdown may produce; anything else in the HTML is an injection. */
const ALLOWED_TAGS = new Set(['p', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'a', 'strong', 'em', 'code', 'pre']);
const ALLOWED_TAGS_MORE = new Set(['blockquote', 'hr', 'br', 's', 'table', 'thead', 'tbody', 'tr', 'th', 'td']);
const ALLOWED_ATTRIBUTES = new Set(['href', 'rel', 'title', 'start']);
const SAFE_HREF = /^(?:https?:\/\/|mailto:|tel:|\/(?![/\\]))/i;

const decode = (value: string) =>
  value
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, decimal: string) => String.fromCodePoint(Number(decimal)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

interface Element {
  tag: string;
  attributes: [string, string][];
}

/** The HTML's start tags with their attributes; fails on anything that is not a tag Markdown writes. */
function elementsOf(html: string): Element[] {
  const elements: Element[] = [];
  const text = html.replace(/<(\/?)([a-z][a-z0-9]*)((?:\s[a-z-]+="[^"]*")*)\s*>/gi, (_, closing, tag, attributes) => {
    if (!closing) {
      const pairs = [...(attributes as string).matchAll(/\s([a-z-]+)="([^"]*)"/gi)].map(
        (match) => [match[1]!.toLowerCase(), decode(match[2]!)] as [string, string],
      );
      elements.push({ tag: (tag as string).toLowerCase(), attributes: pairs });
    }
    return '';
  });
  // What is left is text: a "<" in it would be markup the pattern above did not recognise.
  expect(text, html).not.toMatch(/[<>]/);
  return elements;
}

/** What a page must never receive from a body, however it is written. */
function expectSafe(html: string) {
  expect(html).not.toMatch(/<\s*(script|iframe|style|svg|img|object|embed|math|form|input|body|div|a\s+on)/i);
  for (const element of elementsOf(html)) {
    expect([...ALLOWED_TAGS, ...ALLOWED_TAGS_MORE], html).toContain(element.tag);
    for (const [name, value] of element.attributes) {
      expect(ALLOWED_ATTRIBUTES.has(name) && !/^on/i.test(name), `${name} in ${html}`).toBe(true);
      if (name === 'href') {
        expect(value.trim(), html).toMatch(SAFE_HREF);
        expect(value.replace(/\s/g, ''), html).not.toMatch(/^(javascript|data|vbscript):/i);
      }
    }
  }
}

const XSS_PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://evil.example/x.js></SCRIPT>',
  '<<script>script>alert(1)<</script>/script>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<body onload=alert(1)>',
  '<iframe src="https://evil.example"></iframe>',
  '<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>',
  '<style>body { display: none }</style>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<a href="javascript:alert(1)">click</a>',
  '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '[click](javascript:alert(1))',
  '[click](JaVaScRiPt:alert(1))',
  '[click](java&#x73;cript:alert(1))',
  '[click](&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1))',
  '[click](<javascript:alert(1)>)',
  '[click](<\tjavascript:alert(1)>)',
  '[click](<java\nscript:alert(1)>)',
  '[click](java%0Ascript:alert(1))',
  '[click](%20javascript:alert(1))',
  '<javascript:alert(1)>',
  '[click][evil]\n\n[evil]: javascript:alert(1)',
  '[click](vbscript:msgbox(1))',
  '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
  '![x" onerror="alert(1)](https://evil.example/x.png)',
  '[click](https://example.com" onmouseover="alert(1))',
  '[click](https://example.com "title\\" onmouseover=\\"alert(1)")',
  "[click](https://example.com' onclick='alert(1))",
  '[<img src=x onerror=alert(1)>](https://example.com)',
  '[click](//evil.example/x)',
  '[click](/\\evil.example)',
  '&lt;script&gt;alert(1)&lt;/script&gt; and &#60;script&#62;alert(1)&#60;/script&#62;',
  '`<script>alert(1)</script>`\n\n```html" onload="alert(1)\n<script>alert(1)</script>\n```',
  'javascript:alert(1) and https://evil.example written bare',
];

describe('renderMarkdown', () => {
  it.each(XSS_PAYLOADS)('renders %j without script, frame, style, svg, handler or unsafe link', (payload) => {
    expectSafe(renderMarkdown(payload));
    expectSafe(renderMarkdown(`Some text.\n\n${payload}\n\n- a list ${payload}\n\n## A heading ${payload}`));
  });

  it('shows raw HTML as the text that was typed', () => {
    expect(renderMarkdown('<script>alert(1)</script>')).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n');
  });

  it('keeps a refused link as its text and drops its address', () => {
    const html = renderMarkdown('[click](javascript:alert(1)) [here](data:text/html,x) [there](//evil.example)');
    expect(html).not.toMatch(/<a\b/);
    expect(html).toContain('click');
  });

  it('moves headings down a level: # and ## are h2, ### h3, deeper h4', () => {
    const html = renderMarkdown(
      '# One\n\n## Two\n\n### Three\n\n#### Four\n\n##### Five\n\n###### Six\n\nTitle\n=====',
    );
    expect(html).toBe(
      '<h2>One</h2>\n<h2>Two</h2>\n<h3>Three</h3>\n<h4>Four</h4>\n<h4>Five</h4>\n<h4>Six</h4>\n<h2>Title</h2>\n',
    );
  });

  it('marks links to other sites noopener noreferrer, and keeps the site’s own, mailto and tel links plain', () => {
    const html = renderMarkdown(
      '[a](https://example.com/x) [b](http://example.com) [c](/contact) [d](mailto:hello@example.com) [e](tel:+2348000000000) <https://example.org>',
    );
    expect(html).toBe(
      '<p><a href="https://example.com/x" rel="noopener noreferrer">a</a> ' +
        '<a href="http://example.com" rel="noopener noreferrer">b</a> <a href="/contact">c</a> ' +
        '<a href="mailto:hello@example.com">d</a> <a href="tel:+2348000000000">e</a> ' +
        '<a href="https://example.org" rel="noopener noreferrer">https://example.org</a></p>\n',
    );
  });

  it('renders an image as its alt text', () => {
    expect(renderMarkdown('Look: ![A <b>bold</b> cake](/images/cake.png)')).toBe(
      '<p>Look: A &lt;b&gt;bold&lt;/b&gt; cake</p>\n',
    );
  });

  it('renders paragraphs, lists, bold and italics', () => {
    expect(renderMarkdown('First **bold** and *soft*.\n\n- one\n- two\n\n1. first')).toBe(
      '<p>First <strong>bold</strong> and <em>soft</em>.</p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n<ol>\n<li>first</li>\n</ol>\n',
    );
  });
});

describe('markdownPlainText', () => {
  it('gives the words of each block without their Markdown', () => {
    expect(markdownPlainText('## A heading\n\nA **bold** [link](/x)\nover two lines.\n\n- one\n- two')).toBe(
      'A heading A bold link over two lines. one two',
    );
  });
});
