import { useContext, useEffect } from 'react';
import { useServerHtml } from '@/components/content/server-rendered-island';
import { QuickContact } from '@/components/layouts/quick-contact';
import { BRAND } from '@/content/brand';
import type { HeadData } from './head-data';
import { HeadCollectorContext, useRouteMeta } from './route-meta';

export interface PageHeadProps {
  /** The page's own title; the brand name is appended unless `fullTitle` is set. */
  title: string;
  fullTitle?: boolean;
  description: string;
  jsonLd?: object[];
  /** A page-specific link preview; by default the one the build draws for the route (/og/<route id>.png). */
  ogImagePath?: string;
  /** What the quick contact's WhatsApp greeting calls the page ("I am on your ... page"); by default its title. */
  pageName?: string;
}

/**
 * True when the document already carries this head: the prerendered page as it arrived. The code that rewrites
 * the head is then not needed, so it loads with the first client-side navigation instead of with every page.
 */
function documentShows(head: HeadData): boolean {
  const description = document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content;
  return document.title === head.title && description === head.description;
}

/**
 * Declares the page's title, description, social tags and JSON-LD, for the prerenderer and for client navigation.
 * It also renders the phone's quick contact buttons, whose greeting names the page, on every page but the staff
 * area's: only the page knows its own name, and the prerendered links must carry it.
 */
export function PageHead({ title, fullTitle = false, description, jsonLd = [], ogImagePath, pageName }: PageHeadProps) {
  const route = useRouteMeta();
  const collector = useContext(HeadCollectorContext);
  const head: HeadData = {
    title: fullTitle ? title : `${title} | ${BRAND.name}`,
    description,
    canonicalPath: route.canonicalPath,
    indexable: route.indexable,
    ogImagePath: ogImagePath ?? `/og/${route.id}.png`,
    ogImageAlt: `${title}, ${BRAND.name}`,
    breadcrumbs: route.trail.length > 0 ? [...route.trail, { label: title, to: route.canonicalPath }] : [],
    jsonLd,
  };
  collector?.collect(head);

  // The page the server rendered has its head already, drawn from content the browser's bundle may not hold (0043).
  const serverHtml = useServerHtml();
  const serialized = JSON.stringify(head);
  useEffect(() => {
    const wanted = JSON.parse(serialized) as HeadData;
    if (serverHtml || documentShows(wanted)) return;
    // A page left before the code arrived must not write its head over the next page's.
    let stillShown = true;
    void import('./head-data').then(({ applyHeadTags }) => {
      if (stillShown) applyHeadTags(wanted);
    });
    return () => {
      stillShown = false;
    };
  }, [serialized, serverHtml]);

  const publicPage = route.indexable || route.id === 'not-found';
  return publicPage ? <QuickContact pageName={pageName ?? title} /> : null;
}
