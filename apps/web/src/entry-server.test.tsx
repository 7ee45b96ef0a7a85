// @vitest-environment node
import { CONTENT_SEED, PATHS, type PublishedContent } from '@agency/shared';
import { describe, expect, it } from 'vitest';
import {
  EDITED_CLIENT,
  EDITED_COHORT_TEXT,
  EDITED_FEE_TEXT,
  EDITED_RESULT,
  EDITED_SLUG,
  EDITED_TITLE,
  NEW_POST_SLUG,
  NEW_POST_TITLE,
  NEW_TESTIMONIAL_QUOTE,
  publishedContent,
  REMOVED_SLUG,
} from './test/published-content';
import { publicPages, renderPage } from './entry-server';

/** The pages the server renders from the database's published content (docs/decisions/0043). */

const content = publishedContent();
const removedClient = CONTENT_SEED.case_study.find((item) => item.slug === REMOVED_SLUG)!.data.client;
/** The HTML of a page from `from` (null: the seed, as the build renders it). */
const html = async (path: string, from: PublishedContent | null = content) =>
  (await renderPage(path, { content: from ?? undefined })).html;

describe('the public pages rendered from the published content', () => {
  it('shows an edited case study on its page, the portfolio and the home carousel', async () => {
    const page = await renderPage(`${PATHS.portfolio}/${EDITED_SLUG}`, { content });
    expect(page.html).toContain(escaped(EDITED_TITLE));
    expect(page.html).toContain(escaped(EDITED_RESULT));
    expect(page.head.title).toContain(EDITED_TITLE);
    expect(await html(PATHS.portfolio)).toContain(escaped(EDITED_CLIENT));
    expect(await html(PATHS.home)).toContain(escaped(EDITED_CLIENT));
  });

  it('keeps the seed’s text where the content was not changed', async () => {
    expect(await html(`${PATHS.portfolio}/${EDITED_SLUG}`, null)).not.toContain(escaped(EDITED_TITLE));
    expect(await html(PATHS.home, null)).not.toContain(escaped(NEW_TESTIMONIAL_QUOTE));
  });

  it('leaves an unpublished case study out of every list and the pages', async () => {
    expect(await html(PATHS.portfolio, null)).toContain(removedClient);
    for (const path of [PATHS.portfolio, PATHS.home]) expect(await html(path)).not.toContain(removedClient);
    const paths = publicPages(content).flatMap((page) => [page.path, ...page.aliases]);
    expect(paths).not.toContain(`${PATHS.portfolio}/${REMOVED_SLUG}`);
    expect(paths).not.toContain(`/${REMOVED_SLUG}`);
    expect(await html(`${PATHS.portfolio}/${REMOVED_SLUG}`)).not.toContain(removedClient);
  });

  it('gives a new blog post its page, a place on the blog and the sitemap’s list', async () => {
    const path = `${PATHS.blog}/${NEW_POST_SLUG}`;
    const page = await renderPage(path, { content });
    expect(page.html).toContain(escaped(NEW_POST_TITLE));
    expect(page.html).toContain('Keep it short');
    expect(await html(PATHS.blog)).toContain(escaped(NEW_POST_TITLE));
    expect(await html(PATHS.blog, null)).not.toContain(escaped(NEW_POST_TITLE));
    const pages = publicPages(content);
    expect(pages.find((entry) => entry.path === path)).toMatchObject({ id: `blog-${NEW_POST_SLUG}`, indexable: true });
    expect(publicPages().map((entry) => entry.path)).not.toContain(path);
  });

  it('shows an edited testimonial in the home carousel', async () => {
    expect(await html(PATHS.home)).toContain(escaped(NEW_TESTIMONIAL_QUOTE));
  });

  it('shows a training’s new fee and next cohort on its page', async () => {
    const page = await html(PATHS.creativeTraining);
    expect(page).toContain(EDITED_FEE_TEXT);
    for (const text of EDITED_COHORT_TEXT) expect(page).toContain(text);
    expect(await html(PATHS.creativeTraining, null)).not.toContain(EDITED_FEE_TEXT);
  });

  it('lists the seed’s pages with their former addresses by default, as the build prerenders them', () => {
    const pages = publicPages();
    expect(pages.find((entry) => entry.id === `case-${EDITED_SLUG}`)?.aliases).toContain(`/${EDITED_SLUG}`);
    expect(pages.every((entry) => entry.chrome === 'site')).toBe(true);
    expect(pages.map((entry) => entry.path)).toContain(`${PATHS.portfolio}/${REMOVED_SLUG}`);
  });
});

/** React writes & as &amp; in text. */
function escaped(text: string): string {
  return text.replaceAll('&', '&amp;');
}
