import { escapeHtml } from '@agency/shared';
import { BRAND } from '@/content/brand';
import type { NavLink } from '@/content/navigation';
import { breadcrumbJsonLd, organizationJsonLd } from './json-ld';
import { absoluteUrl } from './site-url';

export interface HeadData {
  title: string;
  description: string;
  canonicalPath: string;
  indexable: boolean;
  ogImagePath: string;
  ogImageAlt: string;
  /** The page's breadcrumbs, home first and the page last; empty for none. */
  breadcrumbs: NavLink[];
  /** The page's own JSON-LD; the organisation's and the breadcrumbs' are added to every page's. */
  jsonLd: object[];
}

export const OG_IMAGE_SIZE = { width: 1200, height: 630 } as const;

type MetaTag = { key: 'name' | 'property'; id: string; content: string };

function metaTags(head: HeadData): MetaTag[] {
  const url = absoluteUrl(head.canonicalPath);
  const image = absoluteUrl(head.ogImagePath);
  return [
    { key: 'name', id: 'description', content: head.description },
    { key: 'name', id: 'robots', content: head.indexable ? 'index, follow' : 'noindex, nofollow' },
    { key: 'property', id: 'og:type', content: 'website' },
    { key: 'property', id: 'og:site_name', content: BRAND.name },
    { key: 'property', id: 'og:locale', content: 'en_NG' },
    { key: 'property', id: 'og:title', content: head.title },
    { key: 'property', id: 'og:description', content: head.description },
    { key: 'property', id: 'og:url', content: url },
    { key: 'property', id: 'og:image', content: image },
    { key: 'property', id: 'og:image:width', content: String(OG_IMAGE_SIZE.width) },
    { key: 'property', id: 'og:image:height', content: String(OG_IMAGE_SIZE.height) },
    { key: 'property', id: 'og:image:alt', content: head.ogImageAlt },
    { key: 'name', id: 'twitter:card', content: 'summary_large_image' },
    { key: 'name', id: 'twitter:title', content: head.title },
    { key: 'name', id: 'twitter:description', content: head.description },
    { key: 'name', id: 'twitter:image', content: image },
  ];
}

/** JSON inside <script> must not be able to close the tag. */
const serializeJsonLd = (data: object) => JSON.stringify(data).replace(/</g, '\\u003c');

const jsonLdOf = (head: HeadData): object[] => [
  organizationJsonLd(),
  ...(head.breadcrumbs.length > 1 ? [breadcrumbJsonLd(head.breadcrumbs)] : []),
  ...head.jsonLd,
];

/** The head tags as HTML, written into each prerendered page. */
export function renderHeadTags(head: HeadData): string {
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    ...metaTags(head).map((tag) => `<meta ${tag.key}="${tag.id}" content="${escapeHtml(tag.content)}">`),
    ...(head.canonicalPath ? [`<link rel="canonical" href="${escapeHtml(absoluteUrl(head.canonicalPath))}">`] : []),
    ...jsonLdOf(head).map(
      (data) => `<script type="application/ld+json" data-head-jsonld>${serializeJsonLd(data)}</script>`,
    ),
  ].join('\n    ');
}

/** Brings the live document's head in line after a client-side navigation. */
export function applyHeadTags(head: HeadData, doc: Document = document): void {
  doc.title = head.title;
  for (const tag of metaTags(head)) {
    let element = doc.head.querySelector<HTMLMetaElement>(`meta[${tag.key}="${tag.id}"]`);
    if (!element) {
      element = doc.createElement('meta');
      element.setAttribute(tag.key, tag.id);
      doc.head.append(element);
    }
    element.content = tag.content;
  }
  let canonical = doc.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!head.canonicalPath) canonical?.remove();
  else if (!canonical) {
    canonical = doc.createElement('link');
    canonical.rel = 'canonical';
    doc.head.append(canonical);
  }
  if (head.canonicalPath && canonical) canonical.href = absoluteUrl(head.canonicalPath);

  doc.head.querySelectorAll('script[data-head-jsonld]').forEach((script) => script.remove());
  for (const data of jsonLdOf(head)) {
    const script = doc.createElement('script');
    script.type = 'application/ld+json';
    script.setAttribute('data-head-jsonld', '');
    script.textContent = serializeJsonLd(data);
    doc.head.append(script);
  }
}
