/**
 * The nine slides of the Portfolio carousel (spec 2), in the spec's order. Each slide opens its case study,
 * so `url` is that case's main path, taken from case-studies.ts rather than typed twice.
 */
import { CASE_STUDIES, type CaseStudy } from './case-studies';

export interface PortfolioItem {
  id: number;
  title: string;
  img: string;
  url: string;
  alt: string;
}

function caseStudyOf(slug: string): CaseStudy {
  const caseStudy = CASE_STUDIES.find((candidate) => candidate.slug === slug);
  if (!caseStudy) throw new Error(`No case study with slug "${slug}"`);
  return caseStudy;
}

/**
 * `id` keeps the spec's numbering, where several slides share the value 5 (spec 3), so it is not unique:
 * key carousel slides by `url`.
 */
function slideOf(id: number, slug: string, title: string, alt: string): PortfolioItem {
  return { id, title, img: `/images/portfolio/${slug}.svg`, url: caseStudyOf(slug).mainPath, alt };
}

export const PORTFOLIO_ITEMS: PortfolioItem[] = [
  slideOf(
    1,
    'planetlaundromat',
    'Planet Laundromat',
    'Planet Laundromat website with a turquoise header and laundry price cards',
  ),
  slideOf(
    2,
    'acelubricant',
    'Ace Lubricant',
    'Ace Lubricant website in charcoal and yellow with engine oil product cards',
  ),
  slideOf(
    3,
    'hoperisecharity',
    'HopeRise Charity Foundation',
    'HopeRise Charity website in orange and green with a donation progress bar',
  ),
  slideOf(4, 'marvelmarts', 'Marvel Marts', 'Marvel Marts online store in purple with a grid of product tiles'),
  slideOf(5, 'myduduke', 'MyDuduke', 'MyDuduke Christian dating app in deep rose with profile cards'),
  slideOf(
    5,
    'follyslobyng-1093563',
    'Follyslob Nigeria',
    'Follyslob Nigeria logistics website in navy and red with a shipment tracker',
  ),
  slideOf(5, 'moplimoservices', 'MOP Limo Services', 'MOP Limo Services website in black and gold with vehicle cards'),
  slideOf(5, 'elfrenllc', 'Elfren LLC', 'Elfren LLC website in slate blue and green with service cards'),
  slideOf(
    5,
    'stpaulwithststephen',
    'St Paul with St Stephen Church',
    'St Paul with St Stephen church website in deep purple with service times',
  ),
];
