import { afterEach, describe, expect, it } from 'vitest';
import { captureFirstTouch, carriedFirstTouch, forgetFirstTouch } from './first-touch';

function land(url: string, referrer: string) {
  Object.defineProperty(document, 'referrer', { value: referrer, configurable: true });
  window.history.replaceState(null, '', url);
  forgetFirstTouch();
  captureFirstTouch();
}

afterEach(() => {
  Object.defineProperty(document, 'referrer', { value: '', configurable: true });
  window.history.replaceState(null, '', '/');
  forgetFirstTouch();
});

describe('the first touch in memory', () => {
  it('is read once on the landing page and kept across client-side navigation', () => {
    land('/?utm_source=instagram&utm_campaign=lagos-launch', 'https://l.instagram.com/?u=x');
    window.history.pushState(null, '', '/contact?utm_source=other');
    Object.defineProperty(document, 'referrer', { value: 'https://www.google.com/', configurable: true });
    captureFirstTouch();
    expect(carriedFirstTouch()).toEqual({
      sourceClass: 'social',
      sourceHost: 'l.instagram.com',
      utmSource: 'instagram',
      utmMedium: '',
      utmCampaign: 'lagos-launch',
      utmTerm: '',
      utmContent: '',
    });
  });

  it('a referrer on our own site carries nothing', () => {
    land('/contact', `${window.location.origin}/services`);
    expect(Object.values(carriedFirstTouch()).every((value) => value === '')).toBe(true);
  });

  it('is kept nowhere else: no cookie and no storage', () => {
    land('/?utm_source=flyer', '');
    expect(carriedFirstTouch().utmSource).toBe('flyer');
    expect(document.cookie).toBe('');
    expect(window.localStorage.length).toBe(0);
    expect(window.sessionStorage.length).toBe(0);
  });
});
