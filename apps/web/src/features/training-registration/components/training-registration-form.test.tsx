import {
  API_MESSAGES,
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
  expectHydratesWithoutMismatch,
  findSumQuestion,
  getSumInput,
  readSumQuestion,
} from '@/components/forms/human-check/test-utils';
import { expectOneJsonPost, setUpPublicFormTests, takeYourTime } from '@/test/form-requests';
import { jsonResponse, networkFailure, paragraphWithText } from '@/test/stub-api';
import { TrainingRegistrationForm } from './training-registration-form';

// Typing a whole form key by key is slow on a busy two-core machine; the default 5 s is too tight.
vi.setConfig({ testTimeout: 20_000 });

const REFERENCE = 'RD-26-00789';
const api = setUpPublicFormTests(() =>
  jsonResponse({ success: true, message: 'Registered.', reference: REFERENCE }, 201),
);
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

/** Fills the form as a visitor would, answers the sum right, takes the time a person takes and presses the button. */
async function sendValidRegistration(user: UserEvent) {
  await fillValidRegistration(user);
  await answerSumQuestion(user, { correct: true });
  takeYourTime();
  await user.click(submitButton());
}

/** Shows the form and waits for its question, as a visitor sees it. */
async function renderForm(
  variant: 'web' | 'creative',
  user: UserEvent = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime }),
) {
  render(<TrainingRegistrationForm variant={variant} />);
  await findSumQuestion();
  return user;
}

/** The reference notice, found by its whole text (the reference itself is in bold). */
const referenceNotice = () => screen.queryByText(paragraphWithText(API_MESSAGES.REFERENCE_NOTICE(REFERENCE)));

describe('TrainingRegistrationForm (web)', () => {
  it('offers the three web training types and both schedules as radios, none required', async () => {
    await renderForm('web');
    const types = within(screen.getByRole('group', { name: 'Training type' })).getAllByRole('radio');
    expect(types.map((radio) => radio.getAttribute('value'))).toEqual([...WEB_TRAINING_TYPES]);
    for (const radio of screen.getAllByRole('radio')) expect(radio).not.toBeRequired();
    expect(screen.getByRole('radio', { name: 'Weekday' })).toHaveAttribute('name', 'schedule');
    expect(types[0]).toHaveAttribute('name', 'trainingType');
  });

  it('sends the nine fields, with the chosen training type, to the web training path', async () => {
    const user = await renderForm('web');
    await fillValidRegistration(user);
    await user.click(screen.getByRole('radio', { name: 'Web Development' }));
    await answerSumQuestion(user, { correct: true });
    takeYourTime();
    await user.click(submitButton());

    expect(expectOneJsonPost(api, API_PATHS.SUBMIT_WEB_TRAINING)).toEqual({
      surname: 'Adeyemi',
      firstname: 'Kemi',
      email: 'kemi@example.ng',
      phone: '08012345678',
      trainingType: 'Web Development',
      schedule: 'Weekend',
      occupation: 'Student',
      state: 'Oyo',
      referral: 'NairaLand',
      humanCheckToken: 'token-1',
      humanCheckAnswer: '7',
      website: '',
      // A visit with no referrer and no campaign: direct (docs/decisions/0041).
      sourceClass: 'direct',
    });
    expect(api.submits()[0]?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('TrainingRegistrationForm (creative)', () => {
  it('shows no training type to choose, and sends the fixed creative type to the creative path', async () => {
    const user = await renderForm('creative');
    expect(screen.queryByRole('group', { name: 'Training type' })).not.toBeInTheDocument();
    await sendValidRegistration(user);

    expect(expectOneJsonPost(api, API_PATHS.SUBMIT_CREATIVE_TRAINING)).toMatchObject({
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

  it('names every control after its API field and lists the spec’s options', async () => {
    await renderForm(variant);
    expect(field('Surname')).toHaveAttribute('name', 'surname');
    expect(field('First name')).toHaveAttribute('name', 'firstname');
    expect(field('Email')).toHaveAttribute('type', 'email');
    expect(field('Phone')).toHaveAttribute('name', 'phone');
    expect(field('Phone')).toHaveAttribute('inputmode', 'tel');
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
    const user = await renderForm(variant);
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
    expect(api.submit).not.toHaveBeenCalled();
  });

  it('takes the phone written with +234, spaces, dashes or brackets and sends its 11 digits', async () => {
    const user = await renderForm(variant);
    await fillValidRegistration(user);
    await user.clear(field('Phone'));
    await user.type(field('Phone'), '+234 (801) 234-5678');
    await answerSumQuestion(user, { correct: true });
    takeYourTime();
    await user.click(submitButton());

    const path = variant === 'web' ? API_PATHS.SUBMIT_WEB_TRAINING : API_PATHS.SUBMIT_CREATIVE_TRAINING;
    expect(expectOneJsonPost(api, path)).toMatchObject({ phone: '08012345678' });
  });

  it('offers the Federal Capital Territory among the states', async () => {
    await renderForm(variant);
    expect(screen.getByRole('option', { name: 'Abuja (FCT)' })).toBeInTheDocument();
  });

  it('when the phone is shorter than 11 digits, refuses it with the 11-digit message', async () => {
    const user = await renderForm(variant);
    await fillValidRegistration(user);
    await user.clear(field('Phone'));
    await user.type(field('Phone'), '0801234567');
    await answerSumQuestion(user, { correct: true });
    await user.click(submitButton());

    expect(field('Phone')).toHaveAccessibleDescription(
      `${FORM_TEXTS.TRAINING_PHONE_HINT} ${FIELD_MESSAGES.TRAINING_PHONE}`,
    );
    expect(field('Phone')).toHaveFocus();
    expect(api.submit).not.toHaveBeenCalled();
  });

  it('when the sum is wrong, alerts the math message, keeps the same question and sends nothing', async () => {
    api.askQuestions([4, 5], [1, 1]);
    const user = await renderForm(variant);
    await fillValidRegistration(user);
    await answerSumQuestion(user, { correct: false });
    await user.click(submitButton());

    expect(alertSpy).toHaveBeenCalledWith(SPEC_MESSAGES.WRONG_SUM_TRAINING);
    expect(readSumQuestion().label).toBe('What is 4 + 5?');
    expect(api.issue).toHaveBeenCalledTimes(1);
    expect(getSumInput()).toHaveFocus();
    expect(field('Surname')).toHaveValue('Adeyemi');
    expect(api.submit).not.toHaveBeenCalled();
  });

  it('after success, shows the message and the reference, clears every field and asks for a new question', async () => {
    api.askQuestions([2, 3], [6, 0]);
    const user = await renderForm(variant);
    await sendValidRegistration(user);

    expect(await screen.findByText(SPEC_MESSAGES.REGISTRATION_SUCCESS)).toBeInTheDocument();
    expect(referenceNotice()).toHaveAttribute('role', 'status');
    for (const name of ['Surname', 'First name', 'Email', 'Phone']) expect(field(name)).toHaveValue('');
    for (const name of ['Occupation', 'State', 'How did you hear about us?']) expect(select(name)).toHaveValue('');
    for (const radio of screen.getAllByRole('radio')) expect(radio).not.toBeChecked();
    expect((await findSumQuestion()).label).toBe('What is 6 + 0?');
    expect(getSumInput()).toHaveValue('');
    expect(alertSpy).not.toHaveBeenCalled();
  });

  it('hides the success message after 5 seconds, or after 19 seconds while the pointer rests on it', async () => {
    const user = await renderForm(variant);
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
    api.submit.mockImplementation(async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    const user = await renderForm(variant);
    await sendValidRegistration(user);

    await vi.waitFor(() => expect(alertSpy).toHaveBeenCalledWith(SPEC_MESSAGES.TRAINING_FAILED));
    expect(field('Surname')).toHaveValue('Adeyemi');
    expect(field('Phone')).toHaveValue('08012345678');
    expect(select('State')).toHaveValue('Oyo');
    expect(screen.queryByText(SPEC_MESSAGES.REGISTRATION_SUCCESS)).not.toBeInTheDocument();
  });

  it('when the network fails, alerts the error message and keeps what was typed', async () => {
    api.submit.mockImplementation(networkFailure);
    const user = await renderForm(variant);
    await sendValidRegistration(user);

    await vi.waitFor(() => expect(alertSpy).toHaveBeenCalledWith(SPEC_MESSAGES.TRAINING_ERROR));
    expect(field('Email')).toHaveValue('kemi@example.ng');
  });

  it.each([429, 503])('when the server answers %i, alerts the server’s own message', async (status) => {
    const message = `Server says ${status}: please try again later.`;
    api.submit.mockImplementation(async () => jsonResponse({ success: false, message }, status));
    const user = await renderForm(variant);
    await sendValidRegistration(user);

    await vi.waitFor(() => expect(alertSpy).toHaveBeenCalledWith(message));
    expect(field('First name')).toHaveValue('Kemi');
  });

  it('disables the button while sending, so a double click registers once', async () => {
    let answer: (response: Response) => void = () => undefined;
    api.submit.mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    const user = await renderForm(variant);
    await sendValidRegistration(user);

    expect(submitButton()).toBeDisabled();
    expect(submitButton()).toHaveAttribute('aria-busy', 'true');
    await user.click(submitButton());
    expect(api.submit).toHaveBeenCalledTimes(1);
    await act(async () => answer(new Response('', { status: 201 })));
    await findSumQuestion();
    expect(submitButton()).toBeEnabled();
  });
  it('registers on a 2xx whose body is not JSON, with no reference to show (the spec reads only the status)', async () => {
    api.submit.mockImplementation(async () => new Response('', { status: 201 }));
    const user = await renderForm(variant);
    await sendValidRegistration(user);

    expect(await screen.findByText(SPEC_MESSAGES.REGISTRATION_SUCCESS)).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/Your reference is/);
    expect(alertSpy).not.toHaveBeenCalled();
  });

  it('keeps the reference after the banner has closed itself, until the visitor closes it', async () => {
    const user = await renderForm(variant);
    await sendValidRegistration(user);
    expect(await screen.findByText(SPEC_MESSAGES.REGISTRATION_SUCCESS)).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(TIMINGS.SUCCESS_BANNER_AUTO_CLOSE_MS));
    expect(screen.queryByText(SPEC_MESSAGES.REGISTRATION_SUCCESS)).not.toBeInTheDocument();
    expect(referenceNotice()).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close the reference notice' }));
    expect(referenceNotice()).not.toBeInTheDocument();
  });

  it('sends the same key again after a failed send, and a new one after a success', async () => {
    api.submit.mockImplementationOnce(async () => jsonResponse({ success: false, message: 'Busy.' }, 503));
    const user = await renderForm(variant);
    await sendValidRegistration(user);
    await vi.waitFor(() => expect(alertSpy).toHaveBeenCalledWith('Busy.'));
    await user.click(submitButton());
    expect(await screen.findByText(SPEC_MESSAGES.REGISTRATION_SUCCESS)).toBeInTheDocument();
    await sendValidRegistration(user);

    await vi.waitFor(() => expect(api.submit).toHaveBeenCalledTimes(3));
    const [failed, retried, next] = api.submits().map((submit) => submit.idempotencyKey);
    expect(retried).toBe(failed);
    expect(next).not.toBe(failed);
  });

  it('when the server finds the sum wrong, alerts the math message and keeps the question and the fields', async () => {
    api.askQuestions([4, 5], [1, 1]);
    api.submit.mockImplementationOnce(async () =>
      jsonResponse(
        {
          success: false,
          message: SPEC_MESSAGES.WRONG_SUM_TRAINING,
          errors: { humanCheckAnswer: SPEC_MESSAGES.WRONG_SUM_TRAINING },
        },
        400,
      ),
    );
    const user = await renderForm(variant);
    await sendValidRegistration(user);

    await vi.waitFor(() => expect(alertSpy).toHaveBeenCalledWith(SPEC_MESSAGES.WRONG_SUM_TRAINING));
    expect(readSumQuestion().label).toBe('What is 4 + 5?');
    expect(api.issue).toHaveBeenCalledTimes(1);
    expect(getSumInput()).toHaveFocus();
    expect(field('Surname')).toHaveValue('Adeyemi');
    expect(select('State')).toHaveValue('Oyo');
  });

  it('when the question has expired, alerts so, asks for a new one and keeps the fields', async () => {
    api.askQuestions([4, 5], [1, 1]);
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
    const user = await renderForm(variant);
    await sendValidRegistration(user);

    await vi.waitFor(() => expect(alertSpy).toHaveBeenCalledWith(API_MESSAGES.HUMAN_CHECK_EXPIRED));
    expect((await findSumQuestion()).label).toBe('What is 1 + 1?');
    expect(getSumInput()).toHaveValue('');
    expect(field('First name')).toHaveValue('Kemi');
    expect(field('Phone')).toHaveValue('08012345678');
    expect(screen.getByRole('radio', { name: 'Weekend' })).toBeChecked();
    expect(select('How did you hear about us?')).toHaveValue('NairaLand');
  });
});
