import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DISPLAY_NAME_LIMITS,
  PROFILE_COPY,
  PROFILE_MESSAGES,
  PROFILE_PATHS,
  SPEC_MESSAGES,
  type Profile,
} from '@agency/shared';
import { StaffQueryProvider } from '@/lib/staff-query';
import { jsonResponse, requestsTo, stubApi } from '@/test/stub-api';
import { ProfileScreen } from './profile-screen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PROFILE: Profile = {
  displayName: null,
  name: 'adaeze',
  username: 'adaeze',
  email: 'adaeze@agency.test',
  profile_image: 'default-avatar.png',
};

function renderScreen(onSaved: (profile: Profile) => void = () => undefined) {
  return render(
    <MemoryRouter>
      <StaffQueryProvider onSessionEnded={() => undefined}>
        <ProfileScreen
          onLogout={() => undefined}
          onSaved={onSaved}
          avatarUrlOf={(file) => `/api/uploads/profile_images/${file}`}
          notifications={<p>The digest switch</p>}
        />
      </StaffQueryProvider>
    </MemoryRouter>,
  );
}

const bodiesOf = (fetchMock: ReturnType<typeof stubApi>, path: string) =>
  requestsTo(fetchMock, path)
    .filter((sent) => sent.init.method === 'PUT')
    .map((sent) => JSON.parse(String(sent.init.body)) as unknown);

describe('ProfileScreen', () => {
  it('saves the display name as the server answers it, and says who colleagues see now', async () => {
    const fetchMock = stubApi({
      [PROFILE_PATHS.PROFILE]: ({ init }) => {
        if (init.method !== 'PUT') return jsonResponse({ success: true, profile: PROFILE });
        const { displayName } = JSON.parse(String(init.body)) as { displayName: string };
        return jsonResponse({
          success: true,
          message: PROFILE_MESSAGES.NAME_SAVED,
          profile: { ...PROFILE, displayName, name: displayName },
        });
      },
    });
    const saved: Profile[] = [];
    renderScreen((profile) => saved.push(profile));
    expect(screen.getByRole('heading', { level: 1, name: PROFILE_COPY.TITLE })).toBeTruthy();
    const field = await screen.findByRole('textbox', { name: PROFILE_COPY.NAME_LABEL });
    expect(field.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('The digest switch')).toBeTruthy();
    expect(screen.getByRole('heading', { name: PROFILE_COPY.NOTIFICATIONS_HEADING })).toBeTruthy();

    const user = userEvent.setup();
    await user.click(field);
    await user.paste('  Adaeze   Okafor ');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(screen.getByText(PROFILE_MESSAGES.NAME_SAVED)).toBeTruthy());
    expect(bodiesOf(fetchMock, PROFILE_PATHS.PROFILE)).toEqual([{ displayName: 'Adaeze Okafor' }]);
    expect(screen.getByText('Colleagues and clients see:').textContent).toContain('Adaeze Okafor');
    expect((field as HTMLInputElement).value).toBe('Adaeze Okafor');
    expect(saved.map((profile) => profile.name)).toEqual(['Adaeze Okafor']);
  });

  it('refuses a name that is too long at its field and in a summary that links to it, without asking the server', async () => {
    const fetchMock = stubApi({ [PROFILE_PATHS.PROFILE]: () => jsonResponse({ success: true, profile: PROFILE }) });
    renderScreen();
    const field = await screen.findByRole('textbox', { name: PROFILE_COPY.NAME_LABEL });
    const user = userEvent.setup();
    await user.click(field);
    await user.paste('A'.repeat(DISPLAY_NAME_LIMITS.MAX + 1));
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    const summary = await screen.findByRole('alert');
    const link = within(summary).getByRole('link', {
      name: `${PROFILE_COPY.NAME_LABEL}: ${PROFILE_MESSAGES.NAME_TOO_LONG}`,
    });
    expect(link.getAttribute('href')).toBe(`#${field.id}`);
    expect(document.activeElement).toBe(summary);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(field.getAttribute('aria-describedby')?.split(' ').at(-1) ?? '')?.textContent).toBe(
      PROFILE_MESSAGES.NAME_TOO_LONG,
    );
    expect(bodiesOf(fetchMock, PROFILE_PATHS.PROFILE)).toEqual([]);
  });

  it('shows a wrong current password at its field, and a changed password with the others signed out', async () => {
    let tries = 0;
    const fetchMock = stubApi({
      [PROFILE_PATHS.PROFILE]: () => jsonResponse({ success: true, profile: PROFILE }),
      [PROFILE_PATHS.PASSWORD]: () => {
        tries += 1;
        return tries === 1
          ? jsonResponse(
              {
                success: false,
                message: PROFILE_MESSAGES.CURRENT_PASSWORD_WRONG,
                errors: { currentPassword: PROFILE_MESSAGES.CURRENT_PASSWORD_WRONG },
              },
              400,
            )
          : jsonResponse({ success: true, message: PROFILE_MESSAGES.PASSWORD_CHANGED });
      },
    });
    renderScreen();
    const current = await screen.findByLabelText(PROFILE_COPY.CURRENT_PASSWORD_LABEL);
    const next = screen.getByLabelText(PROFILE_COPY.NEW_PASSWORD_LABEL);
    const confirm = screen.getByLabelText(PROFILE_COPY.CONFIRM_PASSWORD_LABEL);
    const user = userEvent.setup();
    const change = screen.getByRole('button', { name: 'Change password' });

    await user.click(current);
    await user.paste('Wr0ng!pass');
    await user.click(next);
    await user.paste('N3w!Passw0rd');
    await user.click(confirm);
    await user.paste('N3w!Passw0rd-typo');
    await user.click(change);
    expect(within(await screen.findByRole('alert')).getByRole('link').textContent).toBe(
      `${PROFILE_COPY.CONFIRM_PASSWORD_LABEL}: ${SPEC_MESSAGES.PASSWORDS_DO_NOT_MATCH}`,
    );
    expect(tries).toBe(0);

    await user.clear(confirm);
    await user.click(confirm);
    await user.paste('N3w!Passw0rd');
    await user.click(change);
    await waitFor(() => expect(current.getAttribute('aria-invalid')).toBe('true'));
    expect(within(screen.getByRole('alert')).getByRole('link').textContent).toBe(
      `${PROFILE_COPY.CURRENT_PASSWORD_LABEL}: ${PROFILE_MESSAGES.CURRENT_PASSWORD_WRONG}`,
    );

    await user.clear(current);
    await user.click(current);
    await user.paste('Str0ng!Passw0rd');
    await user.click(change);
    await waitFor(() => expect(screen.getByText(PROFILE_MESSAGES.PASSWORD_CHANGED)).toBeTruthy());
    expect((current as HTMLInputElement).value).toBe('');
    expect(bodiesOf(fetchMock, PROFILE_PATHS.PASSWORD)).toEqual([
      { currentPassword: 'Wr0ng!pass', newPassword: 'N3w!Passw0rd' },
      { currentPassword: 'Str0ng!Passw0rd', newPassword: 'N3w!Passw0rd' },
    ]);
  }, 20_000);
});
