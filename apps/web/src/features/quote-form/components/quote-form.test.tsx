import { API_MESSAGES, API_PATHS, FIELD_MESSAGES, QUOTE_SERVICES, SPEC_MESSAGES, TIMINGS } from '@agency/shared';
import { act, render, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  answerSumQuestion,
  expectHydratesWithoutMismatch,
  findSumQuestion,
  getSumInput,
  readSumQuestion,
} from '@/components/forms/human-check/test-utils';
import { expectOneJsonPost, setUpPublicFormTests, takeYourTime } from '@/test/form-requests';
import { jsonResponse, networkFailure, paragraphWithText } from '@/test/stub-api';
import { QuoteForm } from './quote-form';

// Typing a whole form key by key is slow on a busy two-core machine; the default 5 s is too tight.
vi.setConfig({ testTimeout: 20_000 });

const REFERENCE = 'RD-26-00456';
const api = setUpPublicFormTests(() => jsonResponse({ success: true, message: 'Sent.', reference: REFERENCE }, 201));

const field = (name: string) => screen.getByRole('textbox', { name });
const stateSelect = () => screen.getByRole('combobox', { name: 'Location (state)' });
const submitButton = () => screen.getByRole('button', { name: /submit request|sending/i });
const DESCRIPTION = 'An online store for our fabrics shop in Balogun market, with Paystack payments.';

async function fillValidRequest(user: UserEvent) {
  await user.type(field('Name'), 'Tunde Bakare');
  await user.type(field('Email'), 'tunde@example.ng');
  await user.type(field('Phone'), '08031234567');
  await user.selectOptions(stateSelect(), 'Lagos');
  await user.click(field('Project description'));
  await user.paste(DESCRIPTION);
  await user.click(screen.getByRole('checkbox', { name: 'SEO' }));
  await user.click(screen.getByRole('checkbox', { name: 'Web development' }));
}

/** Fills the form as a visitor would, answers the sum right, takes the time a person takes and presses the button. */
async function sendValidRequest(user: UserEvent) {
  await fillValidRequest(user);
  await answerSumQuestion(user, { correct: true });
  takeYourTime();
  await user.click(submitButton());
}

/** Shows the form and waits for its question, as a visitor sees it. */
async function renderForm(user: UserEvent = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime })) {
  render(<QuoteForm />);
  await findSumQuestion();
  return user;
}

describe('QuoteForm', () => {
  it('hydrates its prerendered HTML without a mismatch', async () => {
    await expectHydratesWithoutMismatch(<QuoteForm />);
  });

  it('names every control after its API field and offers the six services, the 36 states and the FCT', async () => {
    await renderForm();
    expect(field('Name')).toHaveAttribute('name', 'name');
    expect(field('Email')).toHaveAttribute('name', 'email');
    expect(field('Phone')).toHaveAttribute('name', 'phone');
    expect(stateSelect()).toHaveAttribute('name', 'location');
    expect(field('Project description')).toHaveAttribute('name', 'projectDescription');
    const services = screen.getAllByRole('checkbox');
    expect(services.map((box) => box.getAttribute('value'))).toEqual([...QUOTE_SERVICES]);
    for (const box of services) expect(box).toHaveAttribute('name', 'services');
    // The empty "Select your state" option, the 36 states and the Federal Capital Territory (issue 17).
    expect(within(stateSelect()).getAllByRole('option')).toHaveLength(38);
    expect(within(stateSelect()).getByRole('option', { name: 'Abuja (FCT)' })).toBeInTheDocument();
  });

  it('when required fields are empty, shows a message on each and focuses the first, and sends nothing', async () => {
    const user = await renderForm();
    await user.click(submitButton());

    for (const name of ['Name', 'Email', 'Phone', 'Project description']) {
      expect(field(name)).toHaveAttribute('aria-invalid', 'true');
      expect(field(name)).toHaveAccessibleDescription(expect.stringContaining(FIELD_MESSAGES.REQUIRED));
    }
    expect(stateSelect()).toHaveAccessibleDescription(FIELD_MESSAGES.REQUIRED);
    expect(getSumInput()).toHaveAccessibleDescription(FIELD_MESSAGES.SUM_REQUIRED);
    expect(field('Name')).toHaveFocus();
    expect(api.submit).not.toHaveBeenCalled();
  });

  it('does not require a service to be chosen', async () => {
    const user = await renderForm();
    await fillValidRequest(user);
    await user.click(screen.getByRole('checkbox', { name: 'SEO' }));
    await user.click(screen.getByRole('checkbox', { name: 'Web development' }));
    await answerSumQuestion(user, { correct: true });
    takeYourTime();
    await user.click(submitButton());

    expect(expectOneJsonPost(api, API_PATHS.SUBMIT_QUOTE).services).toEqual([]);
  });

  it('when the sum is wrong, shows the quote message inline, asks for a new question and sends nothing', async () => {
    api.askQuestions([9, 0], [2, 2]);
    const user = await renderForm();
    expect(readSumQuestion().label).toBe('What is 9 + 0?');
    await fillValidRequest(user);
    await answerSumQuestion(user, { correct: false });
    await user.click(submitButton());

    expect(screen.getByRole('alert')).toHaveTextContent(SPEC_MESSAGES.WRONG_SUM_QUOTE);
    expect((await findSumQuestion()).label).toBe('What is 2 + 2?');
    expect(getSumInput()).toHaveValue('');
    expect(getSumInput()).toHaveFocus();
    expect(field('Project description')).toHaveValue(DESCRIPTION);
    expect(api.submit).not.toHaveBeenCalled();
  });

  it('sends the six fields, services in list order, with the human check and the honeypot, and a key', async () => {
    const user = await renderForm();
    await sendValidRequest(user);

    expect(expectOneJsonPost(api, API_PATHS.SUBMIT_QUOTE)).toEqual({
      name: 'Tunde Bakare',
      email: 'tunde@example.ng',
      phone: '08031234567',
      location: 'Lagos',
      projectDescription: DESCRIPTION,
      services: ['Web development', 'SEO'],
      humanCheckToken: 'token-1',
      humanCheckAnswer: '7',
      website: '',
      // A visit with no referrer and no campaign: direct (docs/decisions/0041).
      sourceClass: 'direct',
    });
    expect(api.submits()[0]?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('after success, shows the message and the reference, clears every field and asks for a new question', async () => {
    api.askQuestions([3, 4], [0, 8]);
    const user = await renderForm();
    await sendValidRequest(user);

    expect(await screen.findByText(SPEC_MESSAGES.QUOTE_SUBMITTED)).toBeInTheDocument();
    expect(screen.getByText(paragraphWithText(API_MESSAGES.REFERENCE_NOTICE(REFERENCE)))).toHaveAttribute(
      'role',
      'status',
    );
    for (const name of ['Name', 'Email', 'Phone', 'Project description']) expect(field(name)).toHaveValue('');
    expect(stateSelect()).toHaveValue('');
    for (const box of screen.getAllByRole('checkbox')) expect(box).not.toBeChecked();
    expect((await findSumQuestion()).label).toBe('What is 0 + 8?');
    expect(getSumInput()).toHaveValue('');
  });

  it('hides the success message after 5 seconds', async () => {
    const user = await renderForm();
    await sendValidRequest(user);
    expect(await screen.findByText(SPEC_MESSAGES.QUOTE_SUBMITTED)).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(TIMINGS.FORM_SUCCESS_MESSAGE_MS - 100));
    expect(screen.getByText(SPEC_MESSAGES.QUOTE_SUBMITTED)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.queryByText(SPEC_MESSAGES.QUOTE_SUBMITTED)).not.toBeInTheDocument();
  });

  it('keeps the success message while the pointer rests on it, and the banner closes itself after 19 seconds', async () => {
    const user = await renderForm();
    await sendValidRequest(user);
    await user.hover(await screen.findByText(SPEC_MESSAGES.QUOTE_SUBMITTED));

    act(() => vi.advanceTimersByTime(TIMINGS.SUCCESS_BANNER_AUTO_CLOSE_MS - 100));
    expect(screen.getByText(SPEC_MESSAGES.QUOTE_SUBMITTED)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.queryByText(SPEC_MESSAGES.QUOTE_SUBMITTED)).not.toBeInTheDocument();
  });

  it('when the server answers success false, says the submission failed and keeps what was typed', async () => {
    api.submit.mockImplementation(async () => jsonResponse({ success: false }, 200));
    const user = await renderForm();
    await sendValidRequest(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(SPEC_MESSAGES.QUOTE_FAILED);
    expect(field('Project description')).toHaveValue(DESCRIPTION);
    expect(stateSelect()).toHaveValue('Lagos');
    expect(screen.getByRole('checkbox', { name: 'SEO' })).toBeChecked();
  });

  it('when the network fails, shows the network message and keeps what was typed', async () => {
    api.submit.mockImplementation(networkFailure);
    const user = await renderForm();
    await sendValidRequest(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(SPEC_MESSAGES.QUOTE_ERROR);
    expect(field('Name')).toHaveValue('Tunde Bakare');
  });

  it.each([429, 503])('when the server answers %i, shows the server’s own message', async (status) => {
    const message = `Server says ${status}: please try again shortly.`;
    api.submit.mockImplementation(async () => jsonResponse({ success: false, message }, status));
    const user = await renderForm();
    await sendValidRequest(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(field('Email')).toHaveValue('tunde@example.ng');
  });

  it('when the server refuses the location, shows its message on the state field', async () => {
    api.submit.mockImplementation(async () =>
      jsonResponse({ success: false, errors: { location: FIELD_MESSAGES.CHOOSE_OPTION } }, 400),
    );
    const user = await renderForm();
    await sendValidRequest(user);

    expect(await screen.findByText(FIELD_MESSAGES.CHOOSE_OPTION)).toBeInTheDocument();
    expect(stateSelect()).toHaveAttribute('aria-invalid', 'true');
    expect(stateSelect()).toHaveFocus();
  });

  it('when the server finds the sum wrong, shows the quote message inline and asks for a new question', async () => {
    api.askQuestions([5, 5], [1, 0]);
    api.submit.mockImplementationOnce(async () =>
      jsonResponse(
        {
          success: false,
          message: SPEC_MESSAGES.WRONG_SUM_QUOTE,
          errors: { humanCheckAnswer: SPEC_MESSAGES.WRONG_SUM_QUOTE },
        },
        400,
      ),
    );
    const user = await renderForm();
    await sendValidRequest(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(SPEC_MESSAGES.WRONG_SUM_QUOTE);
    expect((await findSumQuestion()).label).toBe('What is 1 + 0?');
    expect(getSumInput()).toHaveValue('');
    expect(getSumInput()).toHaveFocus();
    expect(field('Project description')).toHaveValue(DESCRIPTION);
    expect(screen.getByRole('checkbox', { name: 'SEO' })).toBeChecked();
  });

  it('when the question has expired, says so inline, asks for a new one and keeps what was typed', async () => {
    api.askQuestions([5, 5], [1, 0]);
    api.submit.mockImplementationOnce(async () =>
      jsonResponse({ success: false, message: API_MESSAGES.HUMAN_CHECK_EXPIRED }, 400),
    );
    const user = await renderForm();
    await sendValidRequest(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(API_MESSAGES.HUMAN_CHECK_EXPIRED);
    expect((await findSumQuestion()).label).toBe('What is 1 + 0?');
    expect(getSumInput()).toHaveFocus();
    expect(field('Name')).toHaveValue('Tunde Bakare');
    expect(stateSelect()).toHaveValue('Lagos');
    expect(screen.getByRole('checkbox', { name: 'Web development' })).toBeChecked();
  });
});
