import { describe, expect, it } from 'vitest';
import { fileSafePersonOf, maskedPersonOf } from './data-requests.service';

/** Characters no common file system (Windows, macOS, Linux) takes in a name, and those a shell or header trips on. */
const UNSAFE = /[*/\\:?"<>|\s']/;
const hasControlCharacter = (name: string) => [...name].some((character) => character.charCodeAt(0) < 32);

describe('the masked person a download is named for', () => {
  it('is the audit log’s mask with underscores for the hidden letters', () => {
    expect(fileSafePersonOf({ email: 'Amaka.Eze@Gmail.com' })).toBe('a___@gmail.com');
    expect(maskedPersonOf({ email: 'Amaka.Eze@Gmail.com' })).toBe('a***@gmail.com');
    expect(fileSafePersonOf({ phone: '0803 555 0199' })).toBe('phone-___0199');
    expect(fileSafePersonOf({ email: 'ngozi@example.ng', phone: '+2348035550199' })).toBe(
      'n___@example.ng-and-phone-___0199',
    );
  });

  it('never holds a character a file system refuses, whatever the address begins with', () => {
    for (const email of [
      '/etc@example.ng',
      '"quoted local"@example.ng',
      '*star@example.ng',
      'a@xn--d1acufc.xn--p1ai',
    ]) {
      const name = fileSafePersonOf({ email });
      expect(name, email).not.toMatch(UNSAFE);
      expect(hasControlCharacter(name), email).toBe(false);
      const hidden = email.split('@')[0]?.slice(1) ?? '';
      if (hidden.length > 1) expect(name, email).not.toContain(hidden);
    }
  });
});
