import {
  CASE_ALIASES,
  CONTENT_SEED,
  contentImageWidthsOf,
  mediaPath,
  PATHS,
  type CaseStudyData,
  type ImageRef,
} from '@agency/shared';

/**
 * The portfolio's case studies (spec 2, "Portfolio case pages"), as the pages draw them. Their text is content staff
 * edit (docs/decisions/0043): `toCaseStudy` turns one published item into a CaseStudy; CASE_STUDIES are the seed's
 * nine (packages/shared/src/content/seed), whose former addresses stay (CASE_ALIASES, decision 0001). The seed's
 * mock-ups are drawn by scripts/generate-case-images.mjs.
 */

export interface ChallengeSolution {
  challenge: string;
  solution: string;
}

/** A picture as a page draws it: the content's ImageRef and the address of its largest file. */
export type PageImage = ImageRef & { src: string };

export interface CaseStudy {
  slug: string;
  mainPath: string;
  aliases: readonly string[];
  title: string;
  /** The name on its portfolio card; empty: none given. */
  shortTitle: string;
  client: string;
  category: string;
  date: string;
  location: string;
  summary: string;
  metaDescription: string;
  mockup: PageImage;
  challenges: ChallengeSolution[];
  finalResults: string[];
  websiteUrl: string;
  websiteLabel: string;
}

/** An uploaded image's widest WebP variant, or the site's own drawing. */
export function pageImageOf(image: ImageRef): PageImage {
  if (!image.imageId) return { ...image, src: image.src ?? '' };
  const widths = contentImageWidthsOf(image.width);
  return { ...image, src: mediaPath(image.imageId, widths[widths.length - 1] ?? image.width, 'webp') };
}

const aliasesOf = (slug: string): readonly string[] =>
  Object.hasOwn(CASE_ALIASES, slug) ? CASE_ALIASES[slug as keyof typeof CASE_ALIASES] : [];

/** One published case study as its page, the portfolio and the home carousel draw it. */
export function toCaseStudy(slug: string, data: CaseStudyData): CaseStudy {
  return {
    slug,
    mainPath: `${PATHS.portfolio}/${slug}`,
    aliases: aliasesOf(slug),
    title: data.title,
    shortTitle: data.shortTitle?.trim() ?? '',
    client: data.client,
    category: data.services,
    date: data.date,
    location: data.location,
    summary: data.summary,
    metaDescription: data.metaDescription,
    mockup: pageImageOf(data.mockup),
    challenges: data.challenges.map(({ challenge, solution }) => ({ challenge, solution })),
    finalResults: [...data.results],
    websiteUrl: data.websiteUrl,
    websiteLabel: data.websiteLabel,
  };
}

const seedCaseStudies = () => CONTENT_SEED.case_study.map((item) => toCaseStudy(item.slug, item.data));

/** The seed's case studies (today's nine), in the portfolio's order. */
export const CASE_STUDIES: CaseStudy[] = /* @__PURE__ */ seedCaseStudies();

/** Finds a case study by its slug, ignoring case (paths match case-insensitively, see ADR 0001). */
export function findCaseStudy(slug: string, caseStudies: readonly CaseStudy[] = CASE_STUDIES): CaseStudy | undefined {
  const wanted = slug.toLowerCase();
  return caseStudies.find((caseStudy) => caseStudy.slug.toLowerCase() === wanted);
}

/**
 * The 1200 x 630 link preview (og:image) of a case page. A case shown with the site's own mock-up (the seed's nine)
 * has the JPEG scripts/generate-case-images.mjs draws next to it; any other (a case staff added, or one whose picture
 * they replaced) gets one drawn with its title under /og/, as the other pages do, when its page is rendered
 * (docs/decisions/0043).
 */
export function caseStudyOgImage(caseStudy: Pick<CaseStudy, 'slug' | 'mockup'>): string {
  return caseStudy.mockup.src === `/images/cases/${caseStudy.slug}.svg`
    ? `/images/cases/${caseStudy.slug}-og.jpg`
    : `/og/case-${caseStudy.slug}.png`;
}
