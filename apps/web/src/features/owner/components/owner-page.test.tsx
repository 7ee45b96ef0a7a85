import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { PATHS } from '@agency/shared';
import { OwnerPage } from './owner-page';

afterEach(cleanup);

describe('OwnerPage', () => {
  it('names who is signed in, and the name is the way to their profile', () => {
    render(
      <MemoryRouter>
        <OwnerPage title="Staff" username="Ada Obi" onLogout={() => undefined}>
          <p>The page</p>
        </OwnerPage>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Staff' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ada Obi' }).getAttribute('href')).toBe(PATHS.profile);
  });
});
