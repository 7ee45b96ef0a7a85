import { CONTENT_SEED_PUBLISHED, type CaseStudyData, type PublishedContent } from '@agency/shared';
import { describe, expect, it } from 'vitest';
import { PORTFOLIO_ITEMS } from '@/content/portfolio';
import { siteContentOf } from './site-content';

/** The names on the portfolio's cards (and the home carousel's slides), from the published case studies. */

const seedCases = CONTENT_SEED_PUBLISHED.items.case_study;
const newCase = (data: Partial<CaseStudyData>) => ({
  slug: 'laundry-pickup-in-yaba',
  publishedAt: '2026-11-27T09:00:00.000Z',
  data: { ...seedCases[0]!.data, client: 'Sparkle Laundry Services Limited', ...data } as CaseStudyData,
});
const withCases = (caseStudy: PublishedContent['items']['case_study']): PublishedContent => ({
  revision: 3,
  items: { ...CONTENT_SEED_PUBLISHED.items, case_study: caseStudy },
});
const cardNames = (content: PublishedContent) => siteContentOf(content).portfolio.map((card) => card.title);

describe('the portfolio card of a case study', () => {
  it('keeps the seed’s drawn short names', () => {
    expect(cardNames(withCases(seedCases))).toEqual(PORTFOLIO_ITEMS.map((item) => item.title));
  });

  it('shows a new case study’s short title rather than its client', () => {
    const names = cardNames(withCases([...seedCases, newCase({ shortTitle: 'Sparkle Laundry' })]));
    expect(names.at(-1)).toBe('Sparkle Laundry');
  });

  it('shows the client when no short title is given (a version stored before the field existed)', () => {
    expect(cardNames(withCases([...seedCases, newCase({})])).at(-1)).toBe('Sparkle Laundry Services Limited');
    expect(cardNames(withCases([...seedCases, newCase({ shortTitle: '  ' })])).at(-1)).toBe(
      'Sparkle Laundry Services Limited',
    );
  });

  it('shows a short title an editor gives a seed case study instead of its drawn name', () => {
    const [first, ...others] = seedCases;
    const names = cardNames(withCases([{ ...first!, data: { ...first!.data, shortTitle: 'Planet Wash' } }, ...others]));
    expect(names[0]).toBe('Planet Wash');
    expect(names[1]).toBe(PORTFOLIO_ITEMS[1]!.title);
  });
});
