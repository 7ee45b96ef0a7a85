import { describe, expect, it } from 'vitest';
import { returnPathOf, signInPathReturningTo } from './return-path';

describe('the page to return to after signing in', () => {
  it.each([
    ['/dashboard?kind=contact&enquiry=7', '/dashboard?kind=contact&enquiry=7'],
    ['/dashboard/audit-log?after=abc', '/dashboard/audit-log?after=abc'],
    ['/dashboard', '/dashboard'],
  ])('is a page of the staff area as given: %s', (next, expected) => {
    expect(returnPathOf(next)).toBe(expected);
  });

  it.each([
    ['nothing', null],
    ['another site', 'https://evil.example/dashboard'],
    ['a protocol-relative address', '//evil.example/dashboard'],
    ['a backslash address', '/\\evil.example/dashboard'],
    ['a scheme', 'javascript:alert(1)'],
    ['a line break', '/dashboard\n'],
    ['a public page', '/contact'],
    ['a look-alike path', '/dashboardx'],
    ['a path that climbs out', '/dashboard/../contact'],
  ])('is the inbox for %s', (_what, next) => {
    expect(returnPathOf(next)).toBe('/dashboard');
  });

  it('is carried to /auth in its query, and left out for the inbox itself', () => {
    expect(signInPathReturningTo('/dashboard?kind=contact&enquiry=7')).toBe(
      '/auth?next=%2Fdashboard%3Fkind%3Dcontact%26enquiry%3D7',
    );
    expect(signInPathReturningTo('/dashboard')).toBe('/auth');
  });
});
