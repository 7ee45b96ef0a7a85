import { readFileSync } from 'node:fs';
import path from 'node:path';
import { API_PATHS, CONTENT_PATHS, PATHS } from '@agency/shared';
import { WEB_CLIENT_DIR } from './paths';

/**
 * A change of each content type published through the content API (docs/decisions/0043), for the checks that the
 * regenerated pages stay valid and fast (html-validity.e2e, `npm run bench:web -- --published`): a new case study
 * with an uploaded picture, a new blog post with an uploaded cover, a new testimonial (home carousel) and the
 * creative training's weekday fee changed everywhere it is named. Then it waits until the server serves them all.
 */

/** A photograph of the site (an og:image of a case, 1200x630), uploaded as an editor would. */
const PHOTO_FILE = path.join(WEB_CLIENT_DIR, 'images', 'cases', 'acelubricant-og.jpg');

export const PUBLISHED_CHANGES = {
  caseSlug: 'laundry-pickup-in-yaba',
  caseTitle: 'A laundry that takes pickups online in Yaba',
  caseShortTitle: 'Yaba laundry',
  blogSlug: 'what-a-fast-page-costs',
  blogTitle: 'What a fast page costs, and what it earns',
  testimonialName: 'Bisola Adeyemi',
  caseImageAlt: 'The laundry’s booking page on a laptop',
  blogCoverAlt: 'A laptop showing a page loading',
  oldFee: '200,000',
  newFee: '215,000',
} as const;

export interface PublishedPaths {
  casePath: string;
  blogPath: string;
  trainingPath: string;
}

/** The session cookie of an account, from POST /api/auth/login. */
export async function signInCookie(baseUrl: string, account: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${baseUrl}${API_PATHS.LOGIN}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: baseUrl },
    body: JSON.stringify(account),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0] ?? '')
    .find((pair) => pair.includes('='));
  if (response.status !== 200 || !cookie)
    throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return cookie;
}

type Call = (method: string, apiPath: string, body?: unknown) => Promise<Record<string, unknown>>;

function apiOf(baseUrl: string, cookie: string): Call {
  return async (method, apiPath, body) => {
    const form = body instanceof FormData;
    const response = await fetch(`${baseUrl}${apiPath}`, {
      method,
      headers: {
        Origin: baseUrl,
        Cookie: cookie,
        ...(form || body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: form ? body : body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await response.json()) as Record<string, unknown>;
    if (!response.ok) throw new Error(`${method} ${apiPath}: ${response.status} ${JSON.stringify(answer)}`);
    return answer;
  };
}

interface Item {
  id: number;
  slug: string;
  path: string | null;
  data: Record<string, unknown>;
}

/** Publishes one change of each type as the signed-in editor or owner, and waits until every one is served. */
export async function publishEachType(baseUrl: string, cookie: string, withinMs = 60_000): Promise<PublishedPaths> {
  const call = apiOf(baseUrl, cookie);
  const changes = PUBLISHED_CHANGES;

  const upload = new FormData();
  upload.set('image', new Blob([readFileSync(PHOTO_FILE)], { type: 'image/jpeg' }), 'laundry.jpg');
  const { image } = (await call('POST', CONTENT_PATHS.IMAGES, upload)) as {
    image: { id: string; width: number; height: number };
  };
  const photo = (alt: string) => ({ imageId: image.id, width: image.width, height: image.height, alt });

  const create = async (type: string, slug: string, data: Record<string, unknown>) => {
    const { item } = (await call('POST', CONTENT_PATHS.ITEMS, { type, slug, data })) as { item: Item };
    await call('POST', CONTENT_PATHS.publish(item.id), {});
    return item;
  };

  const caseStudy = await create('case_study', changes.caseSlug, {
    title: changes.caseTitle,
    shortTitle: changes.caseShortTitle,
    client: 'Sparkle Laundry',
    services: 'Web Design & Development',
    date: 'October 2026',
    location: 'Yaba, Lagos',
    summary: 'A booking site where customers in Yaba order a pickup, pay on delivery and follow their laundry.',
    metaDescription: 'How Sparkle Laundry in Yaba started taking pickups online.',
    mockup: photo(changes.caseImageAlt),
    challenges: [
      { challenge: 'Pickups were booked by phone, and calls were missed.', solution: 'A two-step booking form.' },
    ],
    results: ['Half the bookings now come through the site'],
    websiteUrl: 'https://sparkle.example',
    websiteLabel: 'sparkle.example',
  });
  const blogPost = await create('blog_post', changes.blogSlug, {
    title: changes.blogTitle,
    summary: 'A second of loading time costs visitors; here is how to measure it and what to fix first.',
    metaDescription: 'What a slow page costs a small business in Lagos, and what to fix first.',
    body: 'A page that loads in a second keeps its visitors.\n\n## What to measure\n\n- The largest paint\n- Layout shift\n\n## What to fix first\n\nImages, then *fonts*, then **scripts**. See [our services](/services).',
    cover: photo(changes.blogCoverAlt),
    author: 'Rendezvous Digital',
    date: '2026-11-20',
    category: 'Web Development',
    next: { text: 'Want a faster site?', label: 'Request a quote', path: PATHS.requestQuote },
  });
  await create('testimonial', 'bisola-adeyemi', {
    quote: 'Our pickups doubled in a month, and the site loads before the kettle boils.',
    name: changes.testimonialName,
    role: 'Owner, Sparkle Laundry',
    category: 'Web Development',
    consent: true,
  });

  const { items } = (await call('GET', `${CONTENT_PATHS.ITEMS}?type=training`)) as { items: Item[] };
  const creative = items.find((item) => item.slug === 'creative');
  if (!creative) throw new Error('The creative training is not among the content items.');
  const { item: training } = (await call('GET', CONTENT_PATHS.item(creative.id))) as { item: Item };
  // The fee is named in the price list and in the words (the search description): changed in both, as the
  // publish rule asks.
  const changed = JSON.parse(
    JSON.stringify(training.data)
      .replaceAll(changes.oldFee, changes.newFee)
      .replaceAll(`"feeNaira":${changes.oldFee.replace(',', '')}`, `"feeNaira":${changes.newFee.replace(',', '')}`),
  ) as Record<string, unknown>;
  await call('PUT', CONTENT_PATHS.draft(training.id), { data: changed });
  await call('POST', CONTENT_PATHS.publish(training.id), {});

  const paths = {
    casePath: caseStudy.path ?? '',
    blogPath: blogPost.path ?? '',
    trainingPath: training.path ?? '',
  };
  const served: Array<[string, string]> = [
    [paths.casePath, changes.caseTitle],
    [paths.blogPath, changes.blogTitle],
    [PATHS.home, changes.testimonialName],
    [paths.trainingPath, `N${changes.newFee}`],
  ];
  const deadline = Date.now() + withinMs;
  for (;;) {
    const missing: string[] = [];
    for (const [pagePath, text] of served) {
      // A busy machine may drop a connection now and then: it counts as not yet served.
      const response = await fetch(`${baseUrl}${pagePath}`).catch((error: unknown) => error as Error);
      if (response instanceof Error) missing.push(`${text} on ${pagePath} (${response.message})`);
      else if (response.status !== 200 || !(await response.text()).includes(text))
        missing.push(`${text} on ${pagePath}`);
    }
    if (missing.length === 0) return paths;
    if (Date.now() > deadline) throw new Error(`Not served within ${withinMs / 1000} s: ${missing.join('; ')}`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}
