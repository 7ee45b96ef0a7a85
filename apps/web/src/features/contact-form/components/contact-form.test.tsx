import { API_PATHS, FIELD_MESSAGES, SPEC_MESSAGES, TIMINGS } from '@agency/shared';
import { act, render, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  answerSumQuestion,
  drawDigits,
  expectHydratesWithoutMismatch,
  getSumInput,
  readSumQuestion,
} from '@/components/forms/human-check/test-utils';
import { expectOneJsonPost, stubFetchForEachTest } from '@/test/form-requests';
import { jsonResponse } from '@/test/stub-api';
import { ContactForm } from './contact-form';

// Typing a whole form key by key is slow on a busy two-core machine; the default 5 s is too tight.
vi.setConfig({ testTimeout: 20_000 });

const fetchMock = stubFetchForEachTest(() => jsonResponse({ success: true }, 201));

const field = (name: string) => screen.getByRole('textbox', { name });
const submitButton = () => screen.getByRole('button', { name: /send message|sending/i });

async function fillValidMessage(user: UserEvent) {
  await user.type(field('Name'), 'Adaeze Okafor');
  await user.type(field('Email'), 'adaeze@example.ng');
  await user.type(field('Phone'), '+234 801 234 5678');
  // A visitor often pastes a long message; it is also much faster than typing it key by key.
  await user.click(field('Message'));
  await user.paste('We need a new website for our bakery in Ikeja.');
}

/** Fills the form as a visitor would, answers the sum right and presses the button. */
async function sendValidMessage(user: UserEvent) {
  await fillValidMessage(user);
  await answerSumQuestion(user, { correct: true });
  await user.click(submitButton());
}

function renderForm(user: UserEvent = userEvent.setup({ delay: null })) {
  render(<ContactForm />);
  return user;
}

describe('ContactForm', () => {
  it('hydrates its prerendered HTML without a mismatch', async () => {
    await expectHydratesWithoutMismatch(<ContactForm />);
  });

  it('names every control after its API field and labels the sum as a question of two digits', () => {
    renderForm();
    expect(field('Name')).toHaveAttribute('name', 'name');
    expect(field('Email')).toHaveAttribute('name', 'email');
    expect(field('Email')).toHaveAttribute('type', 'email');
    expect(field('Phone')).toHaveAttribute('name', 'phone');
    expect(field('Phone')).toHaveAttribute('type', 'tel');
    expect(field('Message')).toHaveAttribute('name', 'message');
    expect(readSumQuestion().label).toMatch(/^What is [0-9] \+ [0-9]\?$/);
  });

  it('when required fields are empty, shows a message on each and focuses the first, and sends nothing', async () => {
    const user = renderForm();
    await user.click(submitButton());

    for (const name of ['Name', 'Email', 'Phone', 'Message']) {
      expect(field(name)).toHaveAttribute('aria-invalid', 'true');
      expect(field(name)).toHaveAccessibleDescription(FIELD_MESSAGES.REQUIRED);
    }
    expect(getSumInput()).toHaveAccessibleDescription(FIELD_MESSAGES.SUM_REQUIRED);
    expect(field('Name')).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('when the e-mail is not an address, says so on the e-mail field', async () => {
    const user = renderForm();
    await fillValidMessage(user);
    await user.clear(field('Email'));
    await user.type(field('Email'), 'adaeze-at-example');
    await answerSumQuestion(user, { correct: true });
    await user.click(submitButton());

    expect(field('Email')).toHaveAccessibleDescription(FIELD_MESSAGES.EMAIL_INVALID);
    expect(field('Email')).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('when the sum is wrong, shows the contact message inline, draws a new question and sends nothing', async () => {
    vi.spyOn(Math, 'random').mockImplementation(drawDigits(1, 2, 5, 6));
    const user = renderForm();
    expect(readSumQuestion().label).toBe('What is 1 + 2?');
    await fillValidMessage(user);
    await answerSumQuestion(user, { correct: false });
    await user.click(submitButton());

    expect(screen.getByRole('alert')).toHaveTextContent(SPEC_MESSAGES.WRONG_SUM_CONTACT);
    expect(readSumQuestion().label).toBe('What is 5 + 6?');
    expect(getSumInput()).toHaveValue('');
    expect(getSumInput()).toHaveFocus();
    expect(field('Message')).toHaveValue('We need a new website for our bakery in Ikeja.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the four fields as JSON with the session cookie to the contact path', async () => {
    const user = renderForm();
    await sendValidMessage(user);

    expect(expectOneJsonPost(fetchMock, API_PATHS.SUBMIT_CONTACT)).toEqual({
      name: 'Adaeze Okafor',
      email: 'adaeze@example.ng',
      phone: '+234 801 234 5678',
      message: 'We need a new website for our bakery in Ikeja.',
    });
  });

  it('after success, shows the message, clears every field and draws a new question', async () => {
    vi.spyOn(Math, 'random').mockImplementation(drawDigits(3, 4, 7, 1));
    const user = renderForm();
    await sendValidMessage(user);

    expect(await screen.findByRole('status')).toHaveTextContent(SPEC_MESSAGES.MESSAGE_SENT);
    for (const name of ['Name', 'Email', 'Phone', 'Message']) expect(field(name)).toHaveValue('');
    expect(getSumInput()).toHaveValue('');
    expect(readSumQuestion().label).toBe('What is 7 + 1?');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('hides the success message after 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = renderForm(userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime }));
    await sendValidMessage(user);
    expect(await screen.findByText(SPEC_MESSAGES.MESSAGE_SENT)).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(TIMINGS.FORM_SUCCESS_MESSAGE_MS - 100));
    expect(screen.getByText(SPEC_MESSAGES.MESSAGE_SENT)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.queryByText(SPEC_MESSAGES.MESSAGE_SENT)).not.toBeInTheDocument();
  });

  it('keeps the success message while the pointer rests on it, and the banner closes itself after 19 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = renderForm(userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime }));
    await sendValidMessage(user);
    await user.hover(await screen.findByText(SPEC_MESSAGES.MESSAGE_SENT));

    act(() => vi.advanceTimersByTime(TIMINGS.FORM_SUCCESS_MESSAGE_MS + 5_000));
    expect(screen.getByText(SPEC_MESSAGES.MESSAGE_SENT)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(TIMINGS.SUCCESS_BANNER_AUTO_CLOSE_MS - TIMINGS.FORM_SUCCESS_MESSAGE_MS - 5_000));
    expect(screen.queryByText(SPEC_MESSAGES.MESSAGE_SENT)).not.toBeInTheDocument();
  });

  it('when the server answers success false, says "Something went wrong" and keeps what was typed', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: false }, 200));
    const user = renderForm();
    await sendValidMessage(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(SPEC_MESSAGES.CONTACT_FAILED);
    expect(field('Name')).toHaveValue('Adaeze Okafor');
    expect(field('Message')).toHaveValue('We need a new website for our bakery in Ikeja.');
    expect(screen.queryByText(SPEC_MESSAGES.MESSAGE_SENT)).not.toBeInTheDocument();
  });

  it('when the network fails, shows the network message and keeps what was typed', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const user = renderForm();
    await sendValidMessage(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(SPEC_MESSAGES.CONTACT_ERROR);
    expect(field('Email')).toHaveValue('adaeze@example.ng');
  });

  it.each([429, 503])('when the server answers %i, shows the server’s own message', async (status) => {
    const message = `Server says ${status}: please try again in a minute.`;
    fetchMock.mockResolvedValue(jsonResponse({ success: false, message }, status));
    const user = renderForm();
    await sendValidMessage(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(field('Phone')).toHaveValue('+234 801 234 5678');
  });

  it('when the server refuses a field, shows its message on that field', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        {
          success: false,
          message: 'Some fields are missing or invalid.',
          errors: { phone: 'Please enter a valid phone number.' },
        },
        400,
      ),
    );
    const user = renderForm();
    await sendValidMessage(user);

    expect(await screen.findByText('Please enter a valid phone number.')).toBeInTheDocument();
    expect(field('Phone')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Phone')).toHaveFocus();
  });

  it('disables the button while sending, so a double click stores one message', async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    const user = renderForm();
    await sendValidMessage(user);

    expect(submitButton()).toBeDisabled();
    expect(submitButton()).toHaveAttribute('aria-busy', 'true');
    await user.click(submitButton());
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await act(async () => answer(jsonResponse({ success: true }, 201)));
    expect(within(screen.getByRole('status')).getByText(SPEC_MESSAGES.MESSAGE_SENT)).toBeInTheDocument();
    expect(submitButton()).toBeEnabled();
  });
});
