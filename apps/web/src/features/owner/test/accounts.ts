import type { StaffAccount } from '@agency/shared';

/** An account as GET /api/staff/accounts lists it; the test names what matters to it. */
export const accountOf = (overrides: Partial<StaffAccount>): StaffAccount => ({
  id: 1,
  username: 'ada',
  email: 'ada@example.ng',
  role: 'owner',
  confirmed: true,
  // 23:30 UTC is 00:30 the next day in Lagos (UTC+1).
  createdAt: '2026-11-20T23:30:00.000Z',
  me: false,
  ...overrides,
});
