import { casePath } from './site-paths';

/**
 * The nine case pages' routes (0001, "Routes and slugs"). The case content itself is in case-studies.ts; this
 * small list lets the route table stay out of the content's weight.
 */
export const CASE_ROUTES: { slug: string; path: string; aliases: readonly string[] }[] = [
  { slug: 'planetlaundromat', aliases: ['/planetlaundromat', '/planetlaundromat-0987654'] },
  { slug: 'acelubricant', aliases: ['/acelubricant', '/acelubricant-9876543'] },
  { slug: 'marvelmarts', aliases: ['/marvelmarts', '/marvelmarts-8765432'] },
  { slug: 'myduduke', aliases: ['/myduduke', '/myduduke-7654321'] },
  { slug: 'moplimoservices', aliases: ['/moplimoservices', '/moplimoservices-6543210'] },
  { slug: 'follyslobyng-1093563', aliases: ['/follyslobyng-1093563', '/follyslobyng'] },
  { slug: 'stpaulwithststephen', aliases: ['/stpaulwithststephen', '/stpaulwithststephen-5432109'] },
  { slug: 'elfrenllc', aliases: ['/elfrenllc', '/elfrenllc-4076453'] },
  { slug: 'hoperisecharity', aliases: ['/hoperisecharity', '/hoperisecharity-7023198'] },
].map((route) => ({ ...route, path: casePath(route.slug) }));
