import { createContext, useContext } from 'react';
import type { NavLink } from '@/content/navigation';
import type { HeadData } from './head-data';

/** What the route table knows about the page being shown: its canonical path and whether search engines may index it. */
export interface RouteMeta {
  id: string;
  canonicalPath: string;
  indexable: boolean;
  /** The pages above this one, home first, for its breadcrumbs; empty on the home page and pages without any. */
  trail: readonly NavLink[];
}

export const RouteMetaContext = createContext<RouteMeta>({
  id: 'not-found',
  canonicalPath: '/',
  indexable: false,
  trail: [],
});

export const useRouteMeta = () => useContext(RouteMetaContext);

/** During prerendering the page's head is collected here instead of being applied to a document. */
export interface HeadCollector {
  collect: (head: HeadData) => void;
}

export const HeadCollectorContext = createContext<HeadCollector | null>(null);
