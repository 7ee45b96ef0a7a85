import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONTENT_PATHS, type ContentItem, type ContentItemSummary } from '@agency/shared';
import { StaffQueryProvider } from '@/lib/staff-query';
import { jsonResponse, requestsTo, stubApi } from '@/test/stub-api';
import { ContentArea } from './content-area';

const summary = (overrides: Partial<ContentItemSummary>): ContentItemSummary => ({
  id: 1,
  type: 'blog_post',
  slug: 'a-post',
  title: 'A post',
  state: 'draft',
  publishedVersion: null,
  publishAt: null,
  // 23:30 UTC is 00:30 the next day in Lagos.
  updatedAt: '2026-11-20T23:30:00.000Z',
  path: '/blog/a-post',
  ...overrides,
});

const POST: ContentItem = {
  ...summary({ id: 7, slug: 'slow-sites', title: 'Why sites are slow', state: 'changed', publishedVersion: 2 }),
  data: {
    title: 'Why sites are slow',
    summary: 'Mobile data is dear.',
    metaDescription: 'Why sites are slow on mobile data.',
    body: '## Images\n\nMake them small.',
    cover: null,
    author: 'Ada',
    date: '2026-11-20',
    category: 'Performance',
    next: null,
  },
  versions: [
    { version: 1, createdAt: '2026-11-18T09:00:00.000Z', createdBy: 'ada' },
    { version: 2, createdAt: '2026-11-19T09:00:00.000Z', createdBy: 'bola' },
  ],
};

const TRAINING: ContentItem = {
  ...summary({
    id: 9,
    type: 'training',
    slug: 'web',
    title: 'Web development',
    state: 'published',
    publishedVersion: 1,
  }),
  data: {
    title: 'Web development',
    metaDescription: 'Learn to build websites.',
    summary: 'Twelve weeks.',
    intro: 'Build real sites.',
    aboutHeading: 'About',
    aboutText: 'A course.',
    technologiesHeading: 'What you use',
    technologies: ['HTML', 'CSS'],
    outcomes: ['Build a site'],
    prices: [{ schedule: 'Weekday', feeNaira: 200000, duration: '12 weeks' }],
    pricesNote: '',
    nextCohortStart: null,
    seats: null,
    registrationHeading: 'Register',
    registrationText: 'Fill in the form.',
    illustration: { src: '/images/illustrations/web.svg', width: 400, height: 300, alt: 'A laptop' },
  },
  versions: [{ version: 1, createdAt: '2026-11-18T09:00:00.000Z', createdBy: null }],
};

function renderArea(path = '/dashboard/content') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <StaffQueryProvider onSessionEnded={vi.fn()}>
        <ContentArea />
      </StaffQueryProvider>
    </MemoryRouter>,
  );
}

const bodyOf = (init: RequestInit) => JSON.parse(String(init.body)) as Record<string, unknown>;

describe('the Content list', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the published items in the site’s order and moves one with the keyboard, keeping its focus', async () => {
    let places = { 5: 1, 6: 2 } as Record<number, number>;
    const fetchMock = stubApi({
      [CONTENT_PATHS.ITEMS]: () =>
        jsonResponse({
          success: true,
          items: [
            summary({
              id: 6,
              type: 'case_study',
              title: 'Second case',
              state: 'published',
              publishedVersion: 1,
              listPlace: places[6],
            }),
            summary({ id: 4, type: 'case_study', title: 'A draft case' }),
            summary({
              id: 5,
              type: 'case_study',
              title: 'First case',
              state: 'published',
              publishedVersion: 1,
              listPlace: places[5],
            }),
          ],
        }),
      [CONTENT_PATHS.move(6)]: () => {
        places = { 5: 2, 6: 1 };
        return jsonResponse({ success: true, item: { ...POST, id: 6, type: 'case_study', title: 'Second case' } });
      },
    });
    renderArea();
    const order = await screen.findByRole('region', { name: 'Order on the site' });
    const names = () =>
      within(order)
        .getAllByRole('listitem')
        .map((item) => item.firstChild?.textContent);
    expect(names()).toEqual(['First case', 'Second case']);
    expect(within(order).getByRole('button', { name: 'Move First case up' })).toHaveAttribute('aria-disabled', 'true');

    within(order).getByRole('button', { name: 'Move Second case up' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(names()).toEqual(['Second case', 'First case']));
    expect(within(order).getByRole('button', { name: 'Move Second case up' })).toHaveFocus();
    expect(within(order).getByRole('status')).toHaveTextContent('Second case moved up.');
    const [move] = requestsTo(fetchMock, CONTENT_PATHS.move(6));
    expect(move?.init.method).toBe('POST');
    expect(JSON.parse(String(move?.init.body))).toEqual({ direction: 'up' });

    // At the top it says so and asks nothing.
    await userEvent.keyboard('{Enter}');
    expect(within(order).getByRole('status')).toHaveTextContent('Second case is already first.');
    expect(requestsTo(fetchMock, CONTENT_PATHS.move(6))).toHaveLength(1);
  });

  it('lists a type with each item’s state in words and its last change in Lagos time, and switches type', async () => {
    const fetchMock = stubApi({
      [CONTENT_PATHS.ITEMS]: ({ url }) => {
        const type = new URL(url, 'http://x').searchParams.get('type');
        if (type === 'case_study') return jsonResponse({ success: true, items: [] });
        return jsonResponse({
          success: true,
          items: [
            summary({ id: 1, title: 'Draft post' }),
            summary({ id: 2, title: 'Live post', state: 'published', publishedVersion: 1 }),
            summary({ id: 3, title: 'Later post', state: 'scheduled', publishAt: '2026-12-01T08:30:00.000Z' }),
            summary({ id: 4, title: 'Edited post', state: 'changed', publishedVersion: 3 }),
          ],
        });
      },
    });
    renderArea();
    expect(await screen.findByText('No case studies yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New case study' })).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Blog posts');
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Draft postDraft · Changed 21 Nov 2026, 00:30',
      'Live postPublished · Changed 21 Nov 2026, 00:30',
      'Later postScheduled for 1 Dec 2026, 09:30 (Lagos time) · Changed 21 Nov 2026, 00:30',
      'Edited postPublished with unpublished changes · Changed 21 Nov 2026, 00:30',
    ]);
    expect(screen.getByRole('button', { name: 'New blog post' })).toBeInTheDocument();
    expect(requestsTo(fetchMock, CONTENT_PATHS.ITEMS).map((request) => request.url)).toEqual([
      `${CONTENT_PATHS.ITEMS}?type=case_study`,
      `${CONTENT_PATHS.ITEMS}?type=blog_post`,
    ]);
  });

  it('offers no new training: the two trainings are fixed', async () => {
    stubApi({ [CONTENT_PATHS.ITEMS]: () => jsonResponse({ success: true, items: [summary({ type: 'training' })] }) });
    renderArea('/dashboard/content?type=training');
    await screen.findByRole('button', { name: 'A post' });
    expect(screen.queryByRole('button', { name: /^New / })).toBeNull();
  });

  it('tells someone who is not an editor who may edit', async () => {
    stubApi({
      [CONTENT_PATHS.ITEMS]: () =>
        jsonResponse({ success: false, message: 'Only an owner or a content editor can do this.' }, 403),
    });
    renderArea();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only owners and the colleagues they name as editors can edit the site’s content.',
    );
  });
});

// Typing whole forms takes seconds on a loaded two-core machine: more room than the default 5 s.
describe('the Content editor', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the server’s field errors at each field and in a summary that links to them', async () => {
    const fetchMock = stubApi({
      [CONTENT_PATHS.ITEMS]: () =>
        jsonResponse(
          {
            success: false,
            message: 'Please correct the highlighted fields.',
            errors: { title: 'Fill this in.', slug: 'Use lower-case letters, digits and hyphens only.' },
          },
          400,
        ),
    });
    renderArea('/dashboard/content?new=blog_post');
    await userEvent.type(screen.getByRole('textbox', { name: 'Page address' }), 'Bad Slug');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));

    const errors = await screen.findByRole('alert');
    expect(within(errors).getByRole('heading')).toHaveTextContent('2 fields need a change');
    const link = within(errors).getByRole('link', { name: 'Title: Fill this in.' });
    const title = screen.getByRole('textbox', { name: 'Title' });
    expect(link).toHaveAttribute('href', `#${title.id}`);
    expect(title).toHaveAccessibleDescription('Fill this in.');
    expect(title).toBeInvalid();
    expect(screen.getByRole('textbox', { name: 'Page address' })).toHaveAccessibleDescription(
      expect.stringContaining('Use lower-case letters, digits and hyphens only.'),
    );
    expect(errors).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('The draft was not saved: 2 fields need a change.');

    const [sent] = requestsTo(fetchMock, CONTENT_PATHS.ITEMS);
    expect(sent?.init.method).toBe('POST');
    expect(bodyOf(sent!.init)).toMatchObject({
      type: 'blog_post',
      slug: 'Bad Slug',
      data: { cover: null, next: null },
    });
  });

  it('names a nested error by its place: the second fee’s duration', async () => {
    stubApi({
      [CONTENT_PATHS.item(9)]: () => jsonResponse({ success: true, item: TRAINING }),
      [CONTENT_PATHS.draft(9)]: () =>
        jsonResponse({ success: false, message: 'x', errors: { 'prices.1.duration': 'Fill this in.' } }, 400),
    });
    renderArea('/dashboard/content?item=9');
    await userEvent.click(await screen.findByRole('button', { name: 'Add a fee' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    const errors = await screen.findByRole('alert');
    expect(within(errors).getByRole('link', { name: 'Fee 2: Duration: Fill this in.' })).toBeInTheDocument();
    const fee2 = screen.getByRole('group', { name: 'Fee 2' });
    expect(within(fee2).getByRole('textbox', { name: 'Duration' })).toHaveAccessibleDescription('Fill this in.');
  });

  it('adds and removes items of the lists, and saves what is left', async () => {
    const fetchMock = stubApi({
      [CONTENT_PATHS.item(9)]: () => jsonResponse({ success: true, item: TRAINING }),
      [CONTENT_PATHS.draft(9)]: () => jsonResponse({ success: true, item: TRAINING }),
    });
    renderArea('/dashboard/content?item=9');
    const technologies = await screen.findByRole('group', { name: 'Technologies' });
    await userEvent.click(within(technologies).getByRole('button', { name: 'Add a technology' }));
    await userEvent.type(within(technologies).getByRole('textbox', { name: 'Technology 3' }), 'JavaScript');
    await userEvent.click(within(technologies).getByRole('button', { name: 'Remove technology 1' }));
    expect(
      within(technologies)
        .getAllByRole('textbox')
        .map((input) => (input as HTMLInputElement).value),
    ).toEqual(['CSS', 'JavaScript']);

    const fees = screen.getByRole('group', { name: /^Fees/ });
    await userEvent.click(within(fees).getByRole('button', { name: 'Add a fee' }));
    const fee2 = within(fees).getByRole('group', { name: 'Fee 2' });
    await userEvent.selectOptions(within(fee2).getByRole('combobox', { name: 'Schedule' }), 'Weekend');
    const fee = within(fee2).getByRole('spinbutton', { name: 'Fee in naira' });
    await userEvent.clear(fee);
    await userEvent.type(fee, '150000');
    expect(fee).toHaveAccessibleDescription('N150,000');
    await userEvent.type(within(fee2).getByRole('textbox', { name: 'Duration' }), '8 weekends');
    await userEvent.click(within(fees).getByRole('button', { name: 'Remove fee 1' }));

    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Saved the draft of "Web development".'));
    const [sent] = requestsTo(fetchMock, CONTENT_PATHS.draft(9));
    const { data } = bodyOf(sent!.init) as { data: Record<string, unknown> };
    expect(data.technologies).toEqual(['CSS', 'JavaScript']);
    expect(data.prices).toEqual([{ schedule: 'Weekend', feeNaira: 150000, duration: '8 weekends' }]);
    // Trainings are fixed: no page address to change, nothing to delete.
    expect(screen.queryByRole('textbox', { name: 'Page address' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
  });

  it('schedules at the Lagos time typed, sent with +01:00 after the draft is saved', async () => {
    const fetchMock = stubApi({
      [CONTENT_PATHS.item(7)]: () => jsonResponse({ success: true, item: POST }),
      [CONTENT_PATHS.draft(7)]: () => jsonResponse({ success: true, item: POST }),
      [CONTENT_PATHS.publish(7)]: ({ init }) =>
        jsonResponse({
          success: true,
          item: { ...POST, state: 'scheduled', publishAt: (bodyOf(init) as { at: string }).at },
        }),
    });
    renderArea('/dashboard/content?item=7');
    const when = await screen.findByLabelText('Publish at (Lagos time)');
    await userEvent.type(when, '2099-12-01T09:30');
    await userEvent.click(screen.getByRole('button', { name: 'Schedule' }));

    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Scheduled "Why sites are slow" for 1 Dec 2099, 09:30 (Lagos time).',
      ),
    );
    expect(requestsTo(fetchMock, CONTENT_PATHS.draft(7))).toHaveLength(1);
    const [publish] = requestsTo(fetchMock, CONTENT_PATHS.publish(7));
    expect(bodyOf(publish!.init)).toEqual({ at: '2099-12-01T09:30:00+01:00' });
  });

  it('refuses a time in the past without asking the server', async () => {
    const fetchMock = stubApi({ [CONTENT_PATHS.item(7)]: () => jsonResponse({ success: true, item: POST }) });
    renderArea('/dashboard/content?item=7');
    await userEvent.type(await screen.findByLabelText('Publish at (Lagos time)'), '2020-01-01T09:00');
    await userEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(screen.getByLabelText('Publish at (Lagos time)')).toHaveAccessibleDescription(
      expect.stringContaining('Choose a time in the future, or use Publish now.'),
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('publishes, rolls back and deletes after naming the item, announcing each', async () => {
    const fetchMock = stubApi({
      [CONTENT_PATHS.item(7)]: ({ init }) =>
        init.method === 'DELETE' ? jsonResponse({ success: true }) : jsonResponse({ success: true, item: POST }),
      [CONTENT_PATHS.draft(7)]: () => jsonResponse({ success: true, item: POST }),
      [CONTENT_PATHS.publish(7)]: () =>
        jsonResponse({ success: true, item: { ...POST, state: 'published', publishedVersion: 3 } }),
      [CONTENT_PATHS.rollback(7)]: () =>
        jsonResponse({ success: true, item: { ...POST, state: 'published', publishedVersion: 1 } }),
      [CONTENT_PATHS.ITEMS]: () => jsonResponse({ success: true, items: [] }),
    });
    renderArea('/dashboard/content?item=7');
    await userEvent.click(await screen.findByRole('button', { name: 'Publish now' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Published "Why sites are slow": it is on the site now.'),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Roll back to this version (1)' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Rolled back to version 1: it is published again'),
    );
    expect(bodyOf(requestsTo(fetchMock, CONTENT_PATHS.rollback(7))[0]!.init)).toEqual({ version: 1 });

    await userEvent.click(screen.getByRole('button', { name: 'Delete blog post' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete "Why sites are slow"?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete blog post' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Deleted "Why sites are slow": its page is gone from the site.',
      ),
    );
    expect(requestsTo(fetchMock, CONTENT_PATHS.item(7)).map((request) => request.init.method ?? 'GET')).toEqual([
      'GET',
      'DELETE',
    ]);
    expect(await screen.findByRole('heading', { name: 'Blog posts' })).toBeInTheDocument();
  });

  it('shows the draft’s preview at phone and desktop width after saving it', async () => {
    stubApi({
      [CONTENT_PATHS.item(7)]: () => jsonResponse({ success: true, item: POST }),
      [CONTENT_PATHS.draft(7)]: () => jsonResponse({ success: true, item: POST }),
    });
    renderArea('/dashboard/content?item=7');
    await userEvent.click(await screen.findByRole('button', { name: 'Preview' }));
    const phone = await screen.findByTitle('Preview of "Why sites are slow" at phone width (375 px)');
    const desktop = screen.getByTitle('Preview of "Why sites are slow" at desktop width (1280 px)');
    expect(phone).toHaveAttribute('src', `${CONTENT_PATHS.preview(7)}?version=draft`);
    expect(phone).toHaveAttribute('width', '375');
    expect(desktop).toHaveAttribute('width', '1280');
  });

  it('uploads an image, takes its alt text and a focal point moved by keyboard, and saves them with the draft', async () => {
    const fetchMock = stubApi({
      [CONTENT_PATHS.IMAGES]: () =>
        jsonResponse(
          {
            success: true,
            image: { id: 'abcd1234efgh', width: 1600, height: 1000, focalX: 500, focalY: 500, variants: [] },
          },
          201,
        ),
      [CONTENT_PATHS.ITEMS]: () =>
        jsonResponse({ success: false, message: 'x', errors: { client: 'Fill this in.' } }, 400),
    });
    renderArea('/dashboard/content?new=case_study');
    const upload = screen.getByLabelText('Upload an image');
    expect(upload).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');

    await userEvent.upload(upload, new File(['gif'], 'logo.gif', { type: 'image/gif' }), { applyAccept: false });
    expect(upload).toHaveAccessibleDescription(expect.stringContaining('Upload a JPEG, PNG or WebP image.'));
    expect(requestsTo(fetchMock, CONTENT_PATHS.IMAGES)).toHaveLength(0);

    await userEvent.upload(upload, new File(['png'], 'shop.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Uploaded shop.png.'));
    const [sent] = requestsTo(fetchMock, CONTENT_PATHS.IMAGES);
    expect((sent!.init.body as FormData).get('image')).toBeInstanceOf(File);

    await userEvent.type(screen.getByRole('textbox', { name: 'Alt text' }), 'The shop’s home page on a phone');
    const picture = screen.getByRole('button', { name: /^Focal point: 50% from the left, 50% from the top/ });
    picture.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowUp}');
    expect(screen.getByRole('spinbutton', { name: 'From the left (%)' })).toHaveValue(60);
    expect(screen.getByRole('spinbutton', { name: 'From the top (%)' })).toHaveValue(45);

    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await screen.findByRole('alert');
    const [create] = requestsTo(fetchMock, CONTENT_PATHS.ITEMS);
    expect((bodyOf(create!.init) as { data: { mockup: unknown } }).data.mockup).toEqual({
      imageId: 'abcd1234efgh',
      width: 1600,
      height: 1000,
      alt: 'The shop’s home page on a phone',
      focalX: 600,
      focalY: 450,
    });
  });
});
