import {
  API_PATHS,
  CREATIVE_TRAINING_TYPE,
  FIELD_MESSAGES,
  FORM_TEXTS,
  NIGERIAN_STATES,
  OCCUPATIONS,
  REFERRALS,
  SPEC_MESSAGES,
  TIMINGS,
  WEB_TRAINING_TYPES,
} from '@agency/shared';
import { act, render, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  answerSumQuestion,
  drawDigits,
  expectHydratesWithoutMismatch,
  getSumInput,
  readSumQuestion,
} from '@/components/forms/human-check/test-utils';
import { expectOneJsonPost, stubFetchForEachTest } from '@/test/form-requests';
import { jsonResponse } from '@/test/stub-api';
import { TrainingRegistrationForm } from './training-registration-form';

// Typing a whole form key by key is slow on a busy two-core machine; the default 5 s is too tight.
vi.setConfig({ testTimeout: 20_000 });

const fetchMock = stubFetchForEachTest(() => new Response('', { status: 201 }));
const alertSpy = vi.fn<(message?: string) => void>();

beforeEach(() => {
  alertSpy.mockReset();
  vi.spyOn(window, 'alert').mockImplementation(alertSpy);
});

const field = (name: string) => screen.getByRole('textbox', { name });
const select = (name: string) => screen.getByRole('combobox', { name });
const submitButton = () => screen.getByRole('button', { name: /register|sending/i });

async function fillValidRegistration(user: UserEvent) {
  await user.type(field('Surname'), 'Adeyemi');
  await user.type(field('First name'), 'Kemi');
  await user.type(field('Email'), 'kemi@example.ng');
  await user.type(field('Phone'), '08012345678');
  await user.click(screen.getByRole('radio', { name: 'Weekend' }));
  await user.selectOptions(select('Occupation'), 'Student');
  await user.selectOptions(select('State'), 'Oyo');
  await user.selectOptions(select('How did you hear about us?'), 'NairaLand');
}

/** Fills the form as a visitor would, answers the sum right and presses the button. */
async function sendValidRegistration(user: UserEvent) {
  await fillValidRegistration(user);
  await answerSumQuestion(user, { correct: true });
  await user.click(submitButton());
}

function renderForm(variant: 'web' | 'creative', user: UserEvent = userEvent.setup({ delay: null })) {
  render(<TrainingRegistrationForm variant={variant} />);
  return user;
}

describe('TrainingRegistrationForm (web)', () => {
  it('offers the three web training types and both schedules as radios, none required', () => {
    renderForm('web');
    const types = within(screen.getByRole('group', { name: 'Training type' })).getAllByRole('radio');
    expect(types.map((radio) => radio.getAttribute('value'))).toEqual([...WEB_TRAINING_TYPES]);
    for (const radio of screen.getAllByRole('radio')) expect(radio).not.toBeRequired();
    expect(screen.getByRole('radio', { name: 'Weekday' })).toHaveAttribute('name', 'schedule');
    expect(types[0]).toHaveAttribute('name', 'trainingType');
  });

  it('sends the nine fields, with the chosen training type, to the web training path', async () => {
    const user = renderForm('web');
    await fillValidRegistration(user);
    await user.click(screen.getByRole('radio', { name: 'Web Development' }));
    await answerSumQuestion(user, { correct: true });
    await user.click(submitButton());

    expect(expectOneJsonPost(fetchMock, API_PATHS.SUBMIT_WEB_TRAINING)).toEqual({
      surname: 'Adeyemi',
      firstname: 'Kemi',
      email: 'kemi@example.ng',
      phone: '08012345678',
      trainingType: 'Web Development',
      schedule: 'Weekend',
      occupation: 'Student',
      state: 'Oyo',
      referral: 'NairaLand',
    });
  });
});

describe('TrainingRegistrationForm (creative)', () => {
  it('shows no training type to choose, and sends the fixed creative type to the creative path', async () => {
    const user = renderForm('creative');
    expect(screen.queryByRole('group', { name: 'Training type' })).not.toBeInTheDocument();
    await sendValidRegistration(user);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe(API_PATHS.SUBMIT_CREATIVE_TRAINING);
    expect(JSON.parse(String(init?.body))).toMatchObject({
      trainingType: CREATIVE_TRAINING_TYPE,
      schedule: 'Weekend',
      phone: '08012345678',
    });
  });
});

describe.each(['web', 'creative'] as const)('TrainingRegistrationForm, %s variant', (variant) => {
  it('hydrates its prerendered HTML without a mismatch', async () => {
    await expectHydratesWithoutMismatch(<TrainingRegistrationForm variant={variant} />);
  });

  it('names every control after its API field and lists the spec’s options', () => {
    renderForm(variant);
    expect(field('Surname')).toHaveAttribute('name', 'surname');
    expect(field('First name')).toHaveAttribute('name', 'firstname');
    expect(field('Email')).toHaveAttribute('type', 'email');
    expect(field('Phone')).toHaveAttribute('name', 'phone');
    expect(field('Phone')).toHaveAttribute('inputmode', 'numeric');
    expect(field('Phone')).toHaveAttribute('autocomplete', 'tel-national');
    expect(field('Phone')).toHaveAccessibleDescription(FORM_TEXTS.TRAINING_PHONE_HINT);
    expect(select('Occupation')).toHaveAttribute('name', 'occupation');
    expect(select('State')).toHaveAttribute('name', 'state');
    expect(select('How did you hear about us?')).toHaveAttribute('name', 'referral');
    const optionsOf = (name: string) =>
      within(select(name))
        .getAllByRole('option')
        .slice(1)
        .map((option) => option.getAttribute('value'));
    expect(optionsOf('Occupation')).toEqual([...OCCUPATIONS]);
    expect(optionsOf('State')).toEqual([...NIGERIAN_STATES]);
    expect(optionsOf('How did you hear about us?')).toEqual([...REFERRALS]);
  });

  it('when required fields are empty, shows a message on each and focuses the first, and sends nothing', async () => {
    const user = renderForm(variant);
    await user.click(submitButton());

    for (const name of ['Surname', 'First name', 'Email', 'Phone']) {
      expect(field(name)).toHaveAttribute('aria-invalid', 'true');
      expect(field(name)).toHaveAccessibleDescription(expect.stringContaining(FIELD_MESSAGES.REQUIRED));
    }
    for (const name of ['Occupation', 'State', 'How did you hear about us?']) {
      expect(select(name)).toHaveAccessibleDescription(FIELD_MESSAGES.REQUIRED);
    }
    expect(getSumInput()).toHaveAccessibleDescription(FIELD_MESSAGES.SUM_REQUIRED);
    expect(screen.queryByText(/schedule/i, { selector: '.field__error' })).not.toBeInTheDocument();
    expect(field('Surname')).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('when the phone is shorter than 11 digits, refuses it with the 11-digit message', async () => {
    const user = renderForm(variant);
    await fillValidRegistration(user);
    await user.clear(field('Phone'));
    await user.type(field('Phone'), '0801234567');
    await answerSumQuestion(user, { correct: true });
    await user.click(submitButton());

    expect(field('Phone')).toHaveAccessibleDescription(
      `${FORM_TEXTS.TRAINING_PHONE_HINT} ${FIELD_MESSAGES.TRAINING_PHONE}`,
    );
    expect(field('Phone')).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('when the sum is wrong, alerts the math message, keeps the same question and sends nothing', async () => {
    vi.spyOn(Math, 'random').mockImplementation(drawDigits(4, 5, 1, 1));
    const user = renderForm(variant);
    await fillValidRegistration(user);
    await answerSumQuestion(user, { correct: false });
    await user.click(submitButton());

    expect(alertSpy).toHaveBeenCalledWith(SPEC_MESSAGES.WRONG_SUM_TRAINING);
    expect(readSumQuestion().label).toBe('What is 4 + 5?');
    expect(getSumInput()).toHaveFocus();
    expect(field('Surname')).toHaveValue('Adeyemi');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('after success, shows the message, clears every field and draws a new question', async () => {
    vi.spyOn(Math, 'random').mockImplementation(drawDigits(2, 3, 6, 0));
    const user = renderForm(variant);
    await sendValidRegistration(user);

    expect(await screen.findByRole('status')).toHaveTextContent(SPEC_MESSAGES.REGISTRATION_SUCCESS);
    for (const name of ['Surname', 'First name', 'Email', 'Phone']) expect(field(name)).toHaveValue('');
    for (const name of ['Occupation', 'State', 'How did you hear about us?']) expect(select(name)).toHaveValue('');
    for (const radio of screen.getAllByRole('radio')) expect(radio).not.toBeChecked();
    expect(getSumInput()).toHaveValue('');
    expect(readSumQuestion().label).toBe('What is 6 + 0?');
    expect(alertSpy).not.toHaveBeenCalled();
  });

  it('hides the success message after 5 seconds, or after 19 seconds while the pointer rests on it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = renderForm(variant, userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime }));
    await sendValidRegistration(user);
    expect(await screen.findByText(SPEC_MESSAGES.REGISTRATION_SUCCESS)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(TIMINGS.FORM_SUCCESS_MESSAGE_MS - 100));
    expect(screen.getByText(SPEC_MESSAGES.REGISTRATION_SUCCESS)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.queryByText(SPEC_MESSAGES.REGISTRATION_SUCCESS)).not.toBeInTheDocument();

    await sendValidRegistration(user);
    await user.hover(await screen.findByText(SPEC_MESSAGES.REGISTRATION_SUCCESS));
    act(() => vi.advanceTimersByTime(TIMINGS.SUCCESS_BANNER_AUTO_CLOSE_MS - 100));
    expect(screen.getByText(SPEC_MESSAGES.REGISTRATION_SUCCESS)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.queryByText(SPEC_MESSAGES.REGISTRATION_SUCCESS)).not.toBeInTheDocument();
  });

  it('when the server answers not ok, alerts that the submission failed and keeps what was typed', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    const user = renderForm(variant);
    await sendValidRegistration(user);

    await vi.waitFor(() => expect(alertSpy).toHaveBeenCalledWith(SPEC_MESSAGES.TRAINING_FAILED));
    expect(field('Surname')).toHaveValue('Adeyemi');
    expect(field('Phone')).toHaveValue('08012345678');
    expect(select('State')).toHaveValue('Oyo');
    expect(screen.queryByText(SPEC_MESSAGES.REGISTRATION_SUCCESS)).not.toBeInTheDocument();
  });

  it('when the network fails, alerts the error message and keeps what was typed', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const user = renderForm(variant);
    await sendValidRegistration(user);

    await vi.waitFor(() => expect(alertSpy).toHaveBeenCalledWith(SPEC_MESSAGES.TRAINING_ERROR));
    expect(field('Email')).toHaveValue('kemi@example.ng');
  });

  it.each([429, 503])('when the server answers %i, alerts the server’s own message', async (status) => {
    const message = `Server says ${status}: please try again later.`;
    fetchMock.mockResolvedValue(jsonResponse({ success: false, message }, status));
    const user = renderForm(variant);
    await sendValidRegistration(user);

    await vi.waitFor(() => expect(alertSpy).toHaveBeenCalledWith(message));
    expect(field('First name')).toHaveValue('Kemi');
  });

  it('disables the button while sending, so a double click registers once', async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    const user = renderForm(variant);
    await sendValidRegistration(user);

    expect(submitButton()).toBeDisabled();
    expect(submitButton()).toHaveAttribute('aria-busy', 'true');
    await user.click(submitButton());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(async () => answer(new Response('', { status: 201 })));
    expect(submitButton()).toBeEnabled();
  });
});
