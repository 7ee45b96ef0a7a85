import { useContext, useEffect } from 'react';
import { BRAND } from '@/content/brand';
import { applyHeadTags, type HeadData } from './head-data';
import { HeadCollectorContext, useRouteMeta } from './route-meta';

export interface PageHeadProps {
  /** The page's own title; the brand name is appended unless `fullTitle` is set. */
  title: string;
  fullTitle?: boolean;
  description: string;
  jsonLd?: object[];
  /** A page-specific link preview; by default the one the build draws for the route (/og/<route id>.png). */
  ogImagePath?: string;
}

/** Declares the page's title, description, social tags and JSON-LD, for the prerenderer and for client navigation. */
export function PageHead({ title, fullTitle = false, description, jsonLd = [], ogImagePath }: PageHeadProps) {
  const route = useRouteMeta();
  const collector = useContext(HeadCollectorContext);
  const head: HeadData = {
    title: fullTitle ? title : `${title} | ${BRAND.name}`,
    description,
    canonicalPath: route.canonicalPath,
    indexable: route.indexable,
    ogImagePath: ogImagePath ?? `/og/${route.id}.png`,
    ogImageAlt: `${title}, ${BRAND.name}`,
    jsonLd,
  };
  collector?.collect(head);

  const serialized = JSON.stringify(head);
  useEffect(() => {
    applyHeadTags(JSON.parse(serialized) as HeadData);
  }, [serialized]);

  return null;
}
