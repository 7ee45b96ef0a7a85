import { CONTENT_SEED_PUBLISHED, type PublishedContent } from '@agency/shared';
import { createContext, useContext } from 'react';
import { toBlogPost, type BlogPost } from '@/content/blog';
import { toCaseStudy, type CaseStudy } from '@/content/case-studies';
import { PORTFOLIO_ITEMS, type PortfolioItem } from '@/content/portfolio';
import { toTestimonial, type Testimonial } from '@/content/testimonials';
import { toTrainingCourse, type TrainingCourse, type TrainingVariant } from '@/content/training';

/**
 * What the public pages show of the content staff edit (docs/decisions/0043): the published case studies, blog
 * posts, testimonials and trainings in list order, as the pages draw them. The server renders the pages from the
 * database's; the build, the component tests and `npm run dev` from the seed.
 */
export interface SiteContent {
  revision: number;
  caseStudies: CaseStudy[];
  /** The portfolio's cards and the home carousel's slides: one per case study, in the same order. */
  portfolio: PortfolioItem[];
  blogPosts: BlogPost[];
  testimonials: Testimonial[];
  trainings: Partial<Record<TrainingVariant, TrainingCourse>>;
}

const isTrainingVariant = (slug: string): slug is TrainingVariant => slug === 'web' || slug === 'creative';

/**
 * A case study's card. The seed's case studies have a thumbnail drawn for the portfolio and a short name: both stay
 * while the case study keeps the seed's mock-up and client; a new or changed one shows its mock-up. The card's name
 * is the short title the editor gave, else the drawn one, else the client.
 */
function portfolioItemOf(caseStudy: CaseStudy, seedCaseStudies: readonly CaseStudy[]): PortfolioItem {
  const drawn = PORTFOLIO_ITEMS.find((item) => item.url === caseStudy.mainPath);
  const seed = seedCaseStudies.find((candidate) => candidate.slug === caseStudy.slug);
  const keepsThumbnail = drawn && seed?.mockup.src === caseStudy.mockup.src;
  return {
    id: drawn?.id ?? 0,
    title: caseStudy.shortTitle || (drawn && seed?.client === caseStudy.client ? drawn.title : caseStudy.client),
    img: keepsThumbnail ? drawn.img : caseStudy.mockup.src,
    url: caseStudy.mainPath,
    alt: keepsThumbnail ? drawn.alt : caseStudy.mockup.alt,
  };
}

function buildSiteContent(published: PublishedContent, seedCaseStudies?: readonly CaseStudy[]): SiteContent {
  const caseStudies = published.items.case_study.map((item) => toCaseStudy(item.slug, item.data));
  return {
    revision: published.revision,
    caseStudies,
    portfolio: caseStudies.map((caseStudy) => portfolioItemOf(caseStudy, seedCaseStudies ?? caseStudies)),
    blogPosts: published.items.blog_post.map((item) => toBlogPost(item.slug, item.data)),
    testimonials: published.items.testimonial.map((item) => toTestimonial(item.data)),
    trainings: Object.fromEntries(
      published.items.training
        .filter((item) => isTrainingVariant(item.slug))
        .map((item) => [item.slug, toTrainingCourse(item.slug as TrainingVariant, item.data)]),
    ),
  };
}

let seedContent: SiteContent | undefined;

/** Today's content (the seed), as the build prerenders it. */
export function seedSiteContent(): SiteContent {
  seedContent ??= buildSiteContent(CONTENT_SEED_PUBLISHED);
  return seedContent;
}

/** The published content as the pages draw it, with the seed's thumbnails for the case studies that keep them. */
export function siteContentOf(published: PublishedContent): SiteContent {
  return buildSiteContent(published, seedSiteContent().caseStudies);
}

/**
 * The content the pages read. The server's render and the build give it; by default the seed, on the server and in
 * development and tests. The browser's production bundle holds none (null): a page drawn from it keeps the
 * server's HTML (ServerRenderedIsland), and a link to it loads the page from the server (the route table's
 * `content`), so the seed's text never replaces the published one and stays out of the visitor's download.
 */
export const BUNDLED_SITE_CONTENT: SiteContent | null =
  import.meta.env.SSR || import.meta.env.DEV ? seedSiteContent() : null;

export const SiteContentContext = createContext(BUNDLED_SITE_CONTENT);

/** The content, or null in the browser's production bundle (the page's parts are the server's HTML). */
export const useSiteContentIfBundled = () => useContext(SiteContentContext);

/** The content of a page the browser never draws itself (it keeps the server's `<main>`: see App). */
export function useSiteContent(): SiteContent {
  const content = useContext(SiteContentContext);
  if (!content) throw new Error('This page is drawn from the site’s content, which only the server renders.');
  return content;
}
