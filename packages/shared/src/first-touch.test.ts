import { describe, expect, it } from 'vitest';
import {
  classifyHost,
  classifyUtmSource,
  cleanUtmValue,
  FIRST_TOUCH_LIMITS,
  firstTouchOfSubmission,
  firstTouchOfVisit,
  referrerHostOf,
} from './first-touch';
import { sourceLabelOf } from './response-times';

describe('classifyHost', () => {
  it.each([
    ['www.google.com', 'search'],
    ['www.google.com.ng', 'search'],
    ['google.co.uk', 'search'],
    ['www.bing.com', 'search'],
    ['duckduckgo.com', 'search'],
    ['search.yahoo.com', 'search'],
    ['yandex.ru', 'search'],
    ['www.ecosia.org', 'search'],
    ['www.baidu.com', 'search'],
    ['search.brave.com', 'search'],
    ['www.facebook.com', 'social'],
    ['m.facebook.com', 'social'],
    ['l.facebook.com', 'social'],
    ['l.instagram.com', 'social'],
    ['www.instagram.com', 'social'],
    ['t.co', 'social'],
    ['x.com', 'social'],
    ['twitter.com', 'social'],
    ['www.linkedin.com', 'social'],
    ['lnkd.in', 'social'],
    ['www.tiktok.com', 'social'],
    ['m.youtube.com', 'social'],
    ['wa.me', 'social'],
    ['web.whatsapp.com', 'social'],
    ['www.nairaland.com', 'social'],
    ['www.pinterest.co.uk', 'social'],
    ['www.snapchat.com', 'social'],
    ['www.threads.net', 'social'],
    ['techcabal.com', 'site'],
    ['mail.google.com', 'site'],
    ['googlefans.example', 'site'],
    ['notx.com', 'site'],
    ['instagram.com.evil.example', 'site'],
  ] as const)('%s is %s', (host, expected) => {
    expect(classifyHost(host)).toBe(expected);
  });

  it('reads a campaign name without a referrer by the name', () => {
    expect(classifyUtmSource('Instagram')).toBe('social');
    expect(classifyUtmSource('ig')).toBe('social');
    expect(classifyUtmSource('google')).toBe('search');
    expect(classifyUtmSource('nairaland.com')).toBe('social');
    expect(classifyUtmSource('newsletter')).toBe('site');
  });
});

describe('referrerHostOf', () => {
  it('keeps the host only, lowercased, of http and https addresses', () => {
    expect(referrerHostOf('https://WWW.Google.com.ng/search?q=web+agency+lagos')).toBe('www.google.com.ng');
    expect(referrerHostOf('http://l.instagram.com:8080/?u=https%3A%2F%2Fexample.com')).toBe('l.instagram.com');
    expect(referrerHostOf('android-app://com.google.android.gm/')).toBeNull();
    expect(referrerHostOf('javascript:alert(1)')).toBeNull();
    expect(referrerHostOf('')).toBeNull();
    expect(referrerHostOf('http://127.0.0.1/')).toBe('127.0.0.1');
  });
});

describe('cleanUtmValue', () => {
  it('trims, strips control and format characters and cuts at 200 units, never half a character', () => {
    expect(cleanUtmValue('  lagos-launch \n')).toBe('lagos-launch');
    expect(cleanUtmValue('a\u0000b\u202Ec\u200Bd')).toBe('abcd');
    expect(cleanUtmValue('a\uD800b\uDC00c😀')).toBe('abc😀');
    expect(cleanUtmValue('   ')).toBeNull();
    expect(cleanUtmValue(42)).toBeNull();
    expect(cleanUtmValue('x'.repeat(500))).toHaveLength(FIRST_TOUCH_LIMITS.UTM_MAX);
    const emoji = `${'x'.repeat(199)}😀`;
    expect(cleanUtmValue(emoji)).toBe('x'.repeat(199));
  });
});

describe('firstTouchOfVisit', () => {
  const own = ['rendezvous.example', 'localhost'];

  it('takes the referring host and the landing utm values', () => {
    expect(
      firstTouchOfVisit({
        referrer: 'https://l.instagram.com/?u=abc',
        landingQuery: '?utm_source=instagram&utm_campaign=lagos-launch&fbclid=xyz',
        ownHosts: own,
      }),
    ).toEqual({
      sourceClass: 'social',
      sourceHost: 'l.instagram.com',
      utmSource: 'instagram',
      utmMedium: null,
      utmCampaign: 'lagos-launch',
      utmTerm: null,
      utmContent: null,
    });
  });

  it('without referrer or campaign, the visit is direct', () => {
    expect(firstTouchOfVisit({ referrer: '', landingQuery: '', ownHosts: own })?.sourceClass).toBe('direct');
  });

  it('a referrer on our own site is no source: nothing is recorded, not direct', () => {
    expect(firstTouchOfVisit({ referrer: 'http://localhost:5173/', landingQuery: '', ownHosts: own })).toBeNull();
    expect(
      firstTouchOfVisit({ referrer: 'https://rendezvous.example/services', landingQuery: '', ownHosts: own }),
    ).toBeNull();
    expect(
      firstTouchOfVisit({ referrer: 'https://rendezvous.example/', landingQuery: 'utm_source=flyer', ownHosts: own }),
    ).toMatchObject({ sourceClass: 'site', sourceHost: null, utmSource: 'flyer' });
  });
});

describe('firstTouchOfSubmission', () => {
  it('nothing carried (an older client) is not recorded', () => {
    expect(firstTouchOfSubmission({})).toBeNull();
    expect(firstTouchOfSubmission({ sourceClass: '', sourceHost: '', utmSource: '' })).toBeNull();
  });

  it('classifies the host itself, whatever class was sent', () => {
    expect(firstTouchOfSubmission({ sourceClass: 'direct', sourceHost: 'WWW.Google.com' })).toMatchObject({
      sourceClass: 'search',
      sourceHost: 'www.google.com',
    });
  });

  it('takes direct only as sent and alone', () => {
    expect(firstTouchOfSubmission({ sourceClass: 'direct' })?.sourceClass).toBe('direct');
    expect(firstTouchOfSubmission({ sourceClass: 'social' })).toBeNull();
  });

  it('stores a forged source as data within limits, never throws', () => {
    const forged = firstTouchOfSubmission({
      sourceClass: { $ne: 1 },
      sourceHost: 'https://evil.example/path?q=<script>',
      utmSource: ['a'],
      utmCampaign: `<b>${'😀'.repeat(300)}</b>`,
      utmTerm: 'x\u0007y',
    });
    expect(forged).toMatchObject({ sourceClass: 'site', sourceHost: null, utmSource: null, utmTerm: 'xy' });
    expect(forged?.utmCampaign?.length).toBeLessThanOrEqual(FIRST_TOUCH_LIMITS.UTM_MAX);
    expect(sourceLabelOf(forged!)).toBe('Not recorded');
  });

  it('the label names the campaign, then the host', () => {
    const touch = firstTouchOfSubmission({ sourceHost: 'www.nairaland.com' })!;
    expect(sourceLabelOf(touch)).toBe('nairaland.com');
    expect(sourceLabelOf(firstTouchOfSubmission({ utmSource: 'Instagram' })!)).toBe('instagram');
  });
});
