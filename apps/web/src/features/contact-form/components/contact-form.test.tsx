import { API_MESSAGES, API_PATHS, FIELD_MESSAGES, SPEC_MESSAGES, TIMINGS } from '@agency/shared';
import { act, render, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  answerSumQuestion,
  drawDigits,
  expectHydratesWithoutMismatch,
  findSumQuestion,
  getSumInput,
  readSumQuestion,
} from '@/components/forms/human-check/test-utils';
import { expectOneJsonPost, setUpPublicFormTests, takeYourTime } from '@/test/form-requests';
import { jsonResponse, networkFailure, paragraphWithText } from '@/test/stub-api';
import { ContactForm } from './contact-form';

// Typing a whole form key by key is slow on a busy two-core machine; the default 5 s is too tight.
vi.setConfig({ testTimeout: 20_000 });

const REFERENCE = 'RD-26-00123';
const api = setUpPublicFormTests(() => jsonResponse({ success: true, message: 'Sent.', reference: REFERENCE }, 201));

const field = (name: string) => screen.getByRole('textbox', { name });
const submitButton = () => screen.getByRole('button', { name: /send message|sending/i });
/** The reference notice, found by its whole text (the reference itself is in bold). */
const referenceNotice = () => screen.queryByText(paragraphWithText(API_MESSAGES.REFERENCE_NOTICE(REFERENCE)));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

async function fillValidMessage(user: UserEvent) {
  await user.type(field('Name'), 'Adaeze Okafor');
  await user.type(field('Email'), 'adaeze@example.ng');
  await user.type(field('Phone'), '+234 801 234 5678');
  // A visitor often pastes a long message; it is also much faster than typing it key by key.
  await user.click(field('Message'));
  await user.paste('We need a new website for our bakery in Ikeja.');
}

/** Fills the form as a visitor would, answers the sum right, takes the time a person takes and presses the button. */
async function sendValidMessage(user: UserEvent) {
  await fillValidMessage(user);
  await answerSumQuestion(user, { correct: true });
  takeYourTime();
  await user.click(submitButton());
}

/** Shows the form and waits for its question, as a visitor sees it. */
async function renderForm(user: UserEvent = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime })) {
  render(<ContactForm />);
  await findSumQuestion();
  return user;
}

describe('ContactForm', () => {
  it('hydrates its prerendered HTML without a mismatch', async () => {
    await expectHydratesWithoutMismatch(<ContactForm />);
  });

  it('names every control after its API field and labels the sum as the server’s question', async () => {
    api.askQuestions([6, 3]);
    await renderForm();
    expect(field('Name')).toHaveAttribute('name', 'name');
    expect(field('Email')).toHaveAttribute('name', 'email');
    expect(field('Email')).toHaveAttribute('type', 'email');
    expect(field('Phone')).toHaveAttribute('name', 'phone');
    expect(field('Phone')).toHaveAttribute('type', 'tel');
    expect(field('Message')).toHaveAttribute('name', 'message');
    expect(readSumQuestion().label).toBe('What is 6 + 3?');
    expect(api.issue).toHaveBeenCalledTimes(1);
  });

  it('when required fields are empty, shows a message on each and focuses the first, and sends nothing', async () => {
    const user = await renderForm();
    await user.click(submitButton());

    for (const name of ['Name', 'Email', 'Phone', 'Message']) {
      expect(field(name)).toHaveAttribute('aria-invalid', 'true');
      expect(field(name)).toHaveAccessibleDescription(FIELD_MESSAGES.REQUIRED);
    }
    expect(getSumInput()).toHaveAccessibleDescription(FIELD_MESSAGES.SUM_REQUIRED);
    expect(field('Name')).toHaveFocus();
    expect(api.submit).not.toHaveBeenCalled();
  });

  it('when the e-mail is not an address, says so on the e-mail field', async () => {
    const user = await renderForm();
    await fillValidMessage(user);
    await user.clear(field('Email'));
    await user.type(field('Email'), 'adaeze-at-example');
    await answerSumQuestion(user, { correct: true });
    await user.click(submitButton());

    expect(field('Email')).toHaveAccessibleDescription(FIELD_MESSAGES.EMAIL_INVALID);
    expect(field('Email')).toHaveFocus();
    expect(api.submit).not.toHaveBeenCalled();
  });

  it('when the sum is wrong, shows the contact message inline, asks for a new question and sends nothing', async () => {
    api.askQuestions([1, 2], [5, 6]);
    const user = await renderForm();
    expect(readSumQuestion().label).toBe('What is 1 + 2?');
    await fillValidMessage(user);
    await answerSumQuestion(user, { correct: false });
    await user.click(submitButton());

    expect(screen.getByRole('alert')).toHaveTextContent(SPEC_MESSAGES.WRONG_SUM_CONTACT);
    expect((await findSumQuestion()).label).toBe('What is 5 + 6?');
    expect(getSumInput()).toHaveValue('');
    expect(getSumInput()).toHaveFocus();
    expect(field('Message')).toHaveValue('We need a new website for our bakery in Ikeja.');
    expect(api.submit).not.toHaveBeenCalled();
  });

  it('after a wrong sum, asks for the new question with the old token and sends the corrected form without a new 3 s wait', async () => {
    api.askQuestions([1, 2], [5, 6]);
    const user = await renderForm();
    await fillValidMessage(user);
    takeYourTime();
    await answerSumQuestion(user, { correct: false });
    await user.click(submitButton());
    expect((await findSumQuestion()).label).toBe('What is 5 + 6?');
    expect(String(api.issue.mock.calls[1]?.[0])).toBe(`${API_PATHS.HUMAN_CHECK}?after=token-1`);

    await user.type(getSumInput(), '11');
    await user.click(submitButton());
    // The form was first served over 3 s ago: nothing is held back (a new wait would outlast this second).
    await vi.waitFor(() => expect(api.submit).toHaveBeenCalledTimes(1), { timeout: 1000 });
    expect(api.submits()[0]?.body).toMatchObject({ humanCheckToken: 'token-2', humanCheckAnswer: '11' });
  });

  it('sends the four fields (the phone normalised) with the token, the answer as typed and the empty honeypot, as JSON with a key', async () => {
    api.askQuestions([4, 4]);
    const user = await renderForm();
    await fillValidMessage(user);
    await user.type(getSumInput(), ' 8');
    takeYourTime();
    await user.click(submitButton());

    expect(expectOneJsonPost(api, API_PATHS.SUBMIT_CONTACT)).toEqual({
      name: 'Adaeze Okafor',
      email: 'adaeze@example.ng',
      // Typed as +234 801 234 5678: the shared schema's normalised form (issue 17).
      phone: '08012345678',
      message: 'We need a new website for our bakery in Ikeja.',
      humanCheckToken: 'token-1',
      humanCheckAnswer: ' 8',
      website: '',
      // A visit with no referrer and no campaign: direct (docs/decisions/0041).
      sourceClass: 'direct',
    });
    expect(api.submits()[0]?.idempotencyKey).toMatch(UUID);
  });

  it('has a honeypot that a visitor can neither see, reach with the keyboard nor hear, sent as a bot left it', async () => {
    const user = await renderForm();
    const honeypot = document.querySelector<HTMLInputElement>('input[name="website"]');
    expect(honeypot).toBeInstanceOf(HTMLInputElement);
    expect(screen.queryByRole('textbox', { name: /website/i })).not.toBeInTheDocument();
    // Found only when asking for what is hidden from assistive technology too.
    expect(screen.getByRole('textbox', { name: 'Website', hidden: true })).toBe(honeypot);
    expect(screen.getAllByRole('textbox').map((box) => box.getAttribute('name'))).not.toContain('website');
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot).toHaveAttribute('autocomplete', 'off');

    const reached = new Set<string | null>();
    for (let step = 0; step < 12; step += 1) {
      await user.tab();
      reached.add(document.activeElement?.getAttribute('name') ?? null);
    }
    expect(reached).toContain('message');
    expect(reached).not.toContain('website');

    // A bot writes into every box it finds; the kit sends what it wrote, for the server to file as spam.
    honeypot!.value = 'https://cheap-pills.example';
    await sendValidMessage(user);
    expect(expectOneJsonPost(api, API_PATHS.SUBMIT_CONTACT)).toMatchObject({ website: 'https://cheap-pills.example' });
  });

  it('waits until 3 s after the question arrived before sending a quick answer', async () => {
    const user = await renderForm();
    await fillValidMessage(user);
    // A wrong answer brings a new question; the visitor answers it at once.
    await answerSumQuestion(user, { correct: false });
    await user.click(submitButton());
    await answerSumQuestion(user, { correct: true });
    await user.click(submitButton());

    expect(submitButton()).toBeDisabled();
    expect(api.submit).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTimeAsync(3000));
    expect(api.submit).toHaveBeenCalledTimes(1);
    expect(await screen.findByText(SPEC_MESSAGES.MESSAGE_SENT)).toBeInTheDocument();
  });

  it('after success, shows the message and the reference, clears every field and asks for a new question', async () => {
    api.askQuestions([3, 4], [7, 1]);
    const user = await renderForm();
    await sendValidMessage(user);

    expect(await screen.findByText(SPEC_MESSAGES.MESSAGE_SENT)).toBeInTheDocument();
    expect(referenceNotice()).toHaveAttribute('role', 'status');
    for (const name of ['Name', 'Email', 'Phone', 'Message']) expect(field(name)).toHaveValue('');
    expect((await findSumQuestion()).label).toBe('What is 7 + 1?');
    expect(getSumInput()).toHaveValue('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the reference on screen after the success message has gone, without taking the focus, until closed', async () => {
    const user = await renderForm();
    await sendValidMessage(user);
    expect(await screen.findByText(SPEC_MESSAGES.MESSAGE_SENT)).toBeInTheDocument();
    expect(referenceNotice()).toHaveAttribute('role', 'status');
    expect(submitButton()).toHaveFocus();

    act(() => vi.advanceTimersByTime(TIMINGS.SUCCESS_BANNER_AUTO_CLOSE_MS + 60_000));
    expect(screen.queryByText(SPEC_MESSAGES.MESSAGE_SENT)).not.toBeInTheDocument();
    expect(referenceNotice()).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Close the reference notice' }));
    expect(referenceNotice()).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close the reference notice' })).not.toBeInTheDocument();
    expect(submitButton()).toHaveFocus();
  });

  it('shows no reference when the answer has none', async () => {
    api.submit.mockImplementation(async () => jsonResponse({ success: true }, 201));
    const user = await renderForm();
    await sendValidMessage(user);

    expect(await screen.findByText(SPEC_MESSAGES.MESSAGE_SENT)).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/Your reference is/);
    expect(screen.queryByRole('button', { name: 'Close the reference notice' })).not.toBeInTheDocument();
  });

  it('sends the same key when the same filled form is tried again, and a new key after a success', async () => {
    api.submit.mockImplementationOnce(networkFailure);
    api.submit.mockImplementationOnce(async () => jsonResponse({ success: false, message: 'Busy.' }, 503));
    const user = await renderForm();
    await sendValidMessage(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(SPEC_MESSAGES.CONTACT_ERROR);
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Busy.');
    await user.click(submitButton());
    expect(await screen.findByText(SPEC_MESSAGES.MESSAGE_SENT)).toBeInTheDocument();

    await sendValidMessage(user);
    await vi.waitFor(() => expect(api.submit).toHaveBeenCalledTimes(4));
    const [first, second, third, fourth] = api.submits().map((submit) => submit.idempotencyKey);
    expect(first).toMatch(UUID);
    expect([second, third]).toEqual([first, first]);
    expect(fourth).toMatch(UUID);
    expect(fourth).not.toBe(first);
  });

  it('sends a new key when the visitor changes what they wrote before trying again', async () => {
    api.submit.mockImplementationOnce(networkFailure);
    const user = await renderForm();
    await sendValidMessage(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(SPEC_MESSAGES.CONTACT_ERROR);
    await user.type(field('Message'), ' Before Easter, please.');
    await user.click(submitButton());

    await vi.waitFor(() => expect(api.submit).toHaveBeenCalledTimes(2));
    const [first, second] = api.submits();
    expect(second?.body.message).toBe('We need a new website for our bakery in Ikeja. Before Easter, please.');
    expect(second?.idempotencyKey).not.toBe(first?.idempotencyKey);
  });

  it('when the server finds the sum wrong, behaves as when the page does: inline message, new question', async () => {
    api.askQuestions([2, 2], [9, 0]);
    api.submit.mockImplementationOnce(async () =>
      jsonResponse(
        {
          success: false,
          message: SPEC_MESSAGES.WRONG_SUM_CONTACT,
          errors: { humanCheckAnswer: SPEC_MESSAGES.WRONG_SUM_CONTACT },
        },
        400,
      ),
    );
    const user = await renderForm();
    await sendValidMessage(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(SPEC_MESSAGES.WRONG_SUM_CONTACT);
    expect((await findSumQuestion()).label).toBe('What is 9 + 0?');
    expect(getSumInput()).toHaveValue('');
    expect(getSumInput()).toHaveFocus();
    expect(getSumInput()).not.toHaveAccessibleDescription(SPEC_MESSAGES.WRONG_SUM_CONTACT);
    expect(field('Name')).toHaveValue('Adaeze Okafor');
    expect(field('Message')).toHaveValue('We need a new website for our bakery in Ikeja.');
  });

  it('when the question has expired, says so inline, asks for a new one and keeps the fields', async () => {
    api.askQuestions([2, 2], [9, 0]);
    api.submit.mockImplementationOnce(async () =>
      jsonResponse(
        {
          success: false,
          message: API_MESSAGES.HUMAN_CHECK_EXPIRED,
          errors: { humanCheckAnswer: API_MESSAGES.HUMAN_CHECK_EXPIRED },
        },
        400,
      ),
    );
    const user = await renderForm();
    await sendValidMessage(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(API_MESSAGES.HUMAN_CHECK_EXPIRED);
    expect((await findSumQuestion()).label).toBe('What is 9 + 0?');
    expect(getSumInput()).toHaveValue('');
    expect(getSumInput()).toHaveFocus();
    for (const [name, value] of [
      ['Name', 'Adaeze Okafor'],
      ['Email', 'adaeze@example.ng'],
      ['Phone', '+234 801 234 5678'],
      ['Message', 'We need a new website for our bakery in Ikeja.'],
    ]) {
      expect(field(name!)).toHaveValue(value);
    }

    await user.type(getSumInput(), '9');
    takeYourTime();
    await user.click(submitButton());
    expect(await screen.findByText(SPEC_MESSAGES.MESSAGE_SENT)).toBeInTheDocument();
    const [expired, renewed] = api.submits();
    expect(renewed?.body).toMatchObject({ humanCheckToken: 'token-2', humanCheckAnswer: '9' });
    expect(renewed?.idempotencyKey).not.toBe(expired?.idempotencyKey);
  });

  it('when the question cannot be fetched, asks one drawn in the page and sends no token', async () => {
    vi.spyOn(Math, 'random').mockImplementation(drawDigits(2, 6));
    api.issue.mockImplementation(networkFailure);
    const user = await renderForm();
    expect(readSumQuestion().label).toBe('What is 2 + 6?');
    await fillValidMessage(user);
    await answerSumQuestion(user, { correct: true });
    await user.click(submitButton());

    const sent = expectOneJsonPost(api, API_PATHS.SUBMIT_CONTACT);
    expect(sent).not.toHaveProperty('humanCheckToken');
    expect(sent).not.toHaveProperty('humanCheckAnswer');
    expect(sent).toMatchObject({ name: 'Adaeze Okafor', website: '' });
    expect(api.submits()[0]?.idempotencyKey).toMatch(UUID);
  });

  it('hides the success message after 5 seconds', async () => {
    const user = await renderForm();
    await sendValidMessage(user);
    expect(await screen.findByText(SPEC_MESSAGES.MESSAGE_SENT)).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(TIMINGS.FORM_SUCCESS_MESSAGE_MS - 100));
    expect(screen.getByText(SPEC_MESSAGES.MESSAGE_SENT)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.queryByText(SPEC_MESSAGES.MESSAGE_SENT)).not.toBeInTheDocument();
  });

  it('keeps the success message while the pointer rests on it, and the banner closes itself after 19 seconds', async () => {
    const user = await renderForm();
    await sendValidMessage(user);
    await user.hover(await screen.findByText(SPEC_MESSAGES.MESSAGE_SENT));

    act(() => vi.advanceTimersByTime(TIMINGS.FORM_SUCCESS_MESSAGE_MS + 5_000));
    expect(screen.getByText(SPEC_MESSAGES.MESSAGE_SENT)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(TIMINGS.SUCCESS_BANNER_AUTO_CLOSE_MS - TIMINGS.FORM_SUCCESS_MESSAGE_MS - 5_000));
    expect(screen.queryByText(SPEC_MESSAGES.MESSAGE_SENT)).not.toBeInTheDocument();
  });

  it('when the server answers success false, says "Something went wrong" and keeps what was typed', async () => {
    api.submit.mockImplementation(async () => jsonResponse({ success: false }, 200));
    const user = await renderForm();
    await sendValidMessage(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(SPEC_MESSAGES.CONTACT_FAILED);
    expect(field('Name')).toHaveValue('Adaeze Okafor');
    expect(field('Message')).toHaveValue('We need a new website for our bakery in Ikeja.');
    expect(screen.queryByText(SPEC_MESSAGES.MESSAGE_SENT)).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/Your reference is/);
    expect(screen.queryByRole('button', { name: 'Close the reference notice' })).not.toBeInTheDocument();
  });

  it('when the network fails, shows the network message and keeps what was typed', async () => {
    api.submit.mockImplementation(networkFailure);
    const user = await renderForm();
    await sendValidMessage(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(SPEC_MESSAGES.CONTACT_ERROR);
    expect(field('Email')).toHaveValue('adaeze@example.ng');
  });

  it.each([429, 503])('when the server answers %i, shows the server’s own message and keeps all', async (status) => {
    const message = `Server says ${status}: please try again in a minute.`;
    api.submit.mockImplementation(async () => jsonResponse({ success: false, message }, status));
    const user = await renderForm();
    await sendValidMessage(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(field('Phone')).toHaveValue('+234 801 234 5678');
    expect(getSumInput()).toHaveValue(String(readSumQuestion().a + readSumQuestion().b));
  });

  it('when the server finds the form sent too fast, shows its words and keeps all, question and answer included', async () => {
    api.submit.mockImplementation(async () =>
      jsonResponse({ success: false, message: API_MESSAGES.SENT_TOO_FAST }, 400),
    );
    const user = await renderForm();
    await sendValidMessage(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(API_MESSAGES.SENT_TOO_FAST);
    expect(field('Message')).toHaveValue('We need a new website for our bakery in Ikeja.');
    expect(getSumInput()).toHaveValue(String(readSumQuestion().a + readSumQuestion().b));
  });

  it('when the server refuses a field, shows its message on that field', async () => {
    api.submit.mockImplementation(async () =>
      jsonResponse(
        {
          success: false,
          message: 'Some fields are missing or invalid.',
          errors: { phone: 'Please enter a valid phone number.' },
        },
        400,
      ),
    );
    const user = await renderForm();
    await sendValidMessage(user);

    expect(await screen.findByText('Please enter a valid phone number.')).toBeInTheDocument();
    expect(field('Phone')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Phone')).toHaveFocus();
  });

  it('disables the button while sending, so a double click stores one message', async () => {
    let answer: (response: Response) => void = () => undefined;
    api.submit.mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    const user = await renderForm();
    await sendValidMessage(user);

    expect(submitButton()).toBeDisabled();
    expect(submitButton()).toHaveAttribute('aria-busy', 'true');
    await user.click(submitButton());
    expect(api.submit).toHaveBeenCalledTimes(1);

    await act(async () => answer(jsonResponse({ success: true, reference: REFERENCE }, 201)));
    expect(within(screen.getAllByRole('status')[0]!).getByText(SPEC_MESSAGES.MESSAGE_SENT)).toBeInTheDocument();
    await findSumQuestion();
    expect(submitButton()).toBeEnabled();
  });
});
