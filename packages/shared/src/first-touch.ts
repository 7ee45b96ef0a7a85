/**
 * Where an enquiry comes from (issue 21 item 5, docs/decisions/0041): the first touch of the visit, that is the class
 * and host of the site that sent the visitor to the page they landed on, and the landing address's utm_* values. No
 * cookie and no storage: the script keeps it in memory, the server reads it off the request of a form page. Nothing
 * else about the visit is kept: a host without path or query, five trimmed, length-limited campaign values.
 */
import { z } from 'zod';
import { SOURCE_CLASSES, sourceLabelOf, type SourceClass } from './response-times';

export const FIRST_TOUCH_LIMITS = {
  /** The longest host name DNS allows. */
  HOST_MAX: 253,
  /** Each utm_* value, after trimming; longer values are cut (an ad platform's campaign names can be long). */
  UTM_MAX: 200,
} as const;

/** The landing address's campaign parameters, as links carry them. */
export const UTM_PARAMETERS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
export type UtmParameter = (typeof UTM_PARAMETERS)[number];

/**
 * The names a submission carries the source under, in a JSON body and a form post alike (the hidden inputs of the
 * public forms), beside the kind's fields.
 */
export const FIRST_TOUCH_FIELDS = {
  sourceClass: 'sourceClass',
  sourceHost: 'sourceHost',
  utm_source: 'utmSource',
  utm_medium: 'utmMedium',
  utm_campaign: 'utmCampaign',
  utm_term: 'utmTerm',
  utm_content: 'utmContent',
} as const;
export type FirstTouchField = (typeof FIRST_TOUCH_FIELDS)[keyof typeof FIRST_TOUCH_FIELDS];
export const FIRST_TOUCH_FIELD_NAMES = Object.values(FIRST_TOUCH_FIELDS);

const utmValue = z.string().max(FIRST_TOUCH_LIMITS.UTM_MAX);

/**
 * The carried source as a submission may send it (every field optional; a payload without any is an older client's
 * and stores "not recorded"). The server cleans what it gets before this schema reads it (firstTouchOfSubmission):
 * a forged source is stored as data within these limits, never refused.
 */
export const FirstTouchFieldsSchema = /* @__PURE__ */ z.object({
  sourceClass: z
    .enum(SOURCE_CLASSES)
    .optional()
    .describe(
      "The referring site's class; only 'direct' is read as sent (no referrer, no campaign): the server classifies the host",
    ),
  sourceHost: z
    .string()
    .max(FIRST_TOUCH_LIMITS.HOST_MAX)
    .optional()
    .describe('The referring host only (no path, no query), lowercased; not our own site'),
  utmSource: utmValue.optional().describe("The landing address's utm_source"),
  utmMedium: utmValue.optional().describe("The landing address's utm_medium"),
  utmCampaign: utmValue.optional().describe("The landing address's utm_campaign"),
  utmTerm: utmValue.optional().describe("The landing address's utm_term"),
  utmContent: utmValue.optional().describe("The landing address's utm_content"),
});

/** A first touch as it is kept (migration 0017's columns): a class, a host, five campaign values; null where none. */
export interface FirstTouch {
  sourceClass: SourceClass;
  sourceHost: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmTerm: string | null;
  utmContent: string | null;
}

const UTM_KEY: Record<UtmParameter, 'utmSource' | 'utmMedium' | 'utmCampaign' | 'utmTerm' | 'utmContent'> = {
  utm_source: 'utmSource',
  utm_medium: 'utmMedium',
  utm_campaign: 'utmCampaign',
  utm_term: 'utmTerm',
  utm_content: 'utmContent',
};

/** Search engines whose name is the host's last label before any country ending (google.com.ng, yandex.ru). */
const SEARCH_BRANDS = ['google', 'bing', 'duckduckgo', 'yahoo', 'yandex', 'ecosia', 'baidu', 'qwant', 'startpage'];
const SEARCH_HOSTS = ['search.brave.com', 'ask.com', 'search.aol.com'];
const SOCIAL_BRANDS = ['facebook', 'instagram', 'pinterest'];
const SOCIAL_HOSTS = [
  'fb.com',
  'fb.me',
  't.co',
  'twitter.com',
  'x.com',
  'linkedin.com',
  'lnkd.in',
  'tiktok.com',
  'youtube.com',
  'youtu.be',
  'whatsapp.com',
  'wa.me',
  'nairaland.com',
  'pin.it',
  'snapchat.com',
  'threads.net',
  'threads.com',
  'reddit.com',
  't.me',
  'telegram.org',
];
/** What a utm_source says when the link carried no referrer (an app's in-app browser, a QR code): its name. */
const SOCIAL_NAMES = [
  ...SOCIAL_BRANDS,
  'fb',
  'ig',
  'twitter',
  'x',
  'linkedin',
  'tiktok',
  'youtube',
  'whatsapp',
  'wa',
  'nairaland',
  'snapchat',
  'threads',
  'reddit',
  'telegram',
];

const brandPattern = (brands: string[]) =>
  new RegExp(`^(?:www\\.|m\\.|l\\.|lm\\.|search\\.)?(?:${brands.join('|')})\\.(?:com?\\.)?[a-z]{2,3}$`);
const SEARCH_BRAND_HOST = brandPattern(SEARCH_BRANDS);
const SOCIAL_BRAND_HOST = brandPattern(SOCIAL_BRANDS);

const isUnder = (host: string, domains: string[]) =>
  domains.some((domain) => host === domain || host.endsWith(`.${domain}`));

/** The class of a referring host: a search engine, a social network, or another site. */
export function classifyHost(host: string): Exclude<SourceClass, 'direct'> {
  const name = host.toLowerCase();
  if (SEARCH_BRAND_HOST.test(name) || isUnder(name, SEARCH_HOSTS)) return 'search';
  if (SOCIAL_BRAND_HOST.test(name) || isUnder(name, SOCIAL_HOSTS)) return 'social';
  return 'site';
}

/**
 * The class of a campaign without a referrer, by its utm_source: a known search engine's or network's name (or
 * host), else another site (a newsletter, a QR code, a partner: the name says which).
 */
export function classifyUtmSource(utmSource: string): Exclude<SourceClass, 'direct'> {
  const name = utmSource.toLowerCase();
  if (SEARCH_BRANDS.includes(name)) return 'search';
  if (SOCIAL_NAMES.includes(name)) return 'social';
  const host = hostOf(name);
  return host ? classifyHost(host) : 'site';
}

const HOST = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** A host name as kept: lowercased, without a final dot; null unless it is a plain host name with a dot. */
export function hostOf(text: string): string | null {
  const host = text.trim().toLowerCase().replace(/\.$/, '');
  return HOST.test(host) && host.includes('.') ? host : null;
}

/** The host name of a referring address (http or https only), lowercased, or null: no path, no query. */
function referrerHostNameOf(referrer: string | null | undefined): string | null {
  if (!referrer || !URL.canParse(referrer)) return null;
  const url = new URL(referrer);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return url.hostname.toLowerCase();
}

/** The host of a referring address as kept (a plain host name), or null: nothing else of the address is read. */
export function referrerHostOf(referrer: string | null | undefined): string | null {
  const name = referrerHostNameOf(referrer);
  return name === null ? null : hostOf(name);
}

// Control and format characters (bidi overrides, zero-width joiners), line separators and lone surrogates (no
// character at all: a database would store them as broken bytes) never reach the columns.
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\u2028\u2029]/gu;

/** A campaign value as kept: text only, unprintable characters removed, trimmed, at most 200 characters, or null. */
export function cleanUtmValue(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  let text = value.replace(UNPRINTABLE, '').trim().slice(0, FIRST_TOUCH_LIMITS.UTM_MAX);
  // Cut in UTF-16 units, as the schema and the columns count them; never half of a character.
  if (/[\uD800-\uDBFF]$/.test(text)) text = text.slice(0, -1);
  text = text.trim();
  return text === '' ? null : text;
}

/** The utm_* values of a landing address's query, cleaned; absent ones are null. */
export function utmOfQuery(
  query: string | URLSearchParams,
): Pick<FirstTouch, 'utmSource' | 'utmMedium' | 'utmCampaign' | 'utmTerm' | 'utmContent'> {
  const params = typeof query === 'string' ? new URLSearchParams(query) : query;
  const utm: Record<(typeof UTM_KEY)[UtmParameter], string | null> = {
    utmSource: null,
    utmMedium: null,
    utmCampaign: null,
    utmTerm: null,
    utmContent: null,
  };
  for (const parameter of UTM_PARAMETERS) utm[UTM_KEY[parameter]] = cleanUtmValue(params.get(parameter));
  return utm;
}

/**
 * A visit's first touch from what the browser knows of it: the referring address and the landing address. A
 * referrer on our own site is no source (the visitor came from one of our pages, not from elsewhere): without a
 * campaign, nothing is recorded (null), rather than calling the visit direct. No referrer and no campaign: direct.
 */
export function firstTouchOfVisit(visit: {
  referrer: string | null | undefined;
  landingQuery: string;
  /** Hosts of our own site (the public address's, the request's). */
  ownHosts: readonly string[];
}): FirstTouch | null {
  const utm = utmOfQuery(visit.landingQuery);
  const referrerName = referrerHostNameOf(visit.referrer);
  const own = referrerName !== null && visit.ownHosts.some((host) => host.toLowerCase() === referrerName);
  const referrerHost = referrerName === null ? null : hostOf(referrerName);
  const hasCampaign = Object.values(utm).some((value) => value !== null);
  if (own && !hasCampaign) return null;
  const sourceHost = own ? null : referrerHost;
  const sourceClass: SourceClass = sourceHost
    ? classifyHost(sourceHost)
    : utm.utmSource
      ? classifyUtmSource(utm.utmSource)
      : hasCampaign
        ? 'site'
        : visit.referrer && !own
          ? 'site'
          : 'direct';
  return { sourceClass, sourceHost, ...utm };
}

/**
 * A submission's carried source, cleaned and classified by the server: the host must be a plain host (its class is
 * the server's own reading of it), each campaign value is cut to its limit. Only 'direct' is taken as sent, and only
 * without a host or a campaign. Nothing carried (an older client, a visit whose referrer was our own site): null.
 */
export function firstTouchOfSubmission(carried: Partial<Record<FirstTouchField, unknown>>): FirstTouch | null {
  const host = typeof carried.sourceHost === 'string' ? hostOf(carried.sourceHost) : null;
  const cleaned = FirstTouchFieldsSchema.parse({
    sourceHost: host ?? undefined,
    utmSource: cleanUtmValue(carried.utmSource) ?? undefined,
    utmMedium: cleanUtmValue(carried.utmMedium) ?? undefined,
    utmCampaign: cleanUtmValue(carried.utmCampaign) ?? undefined,
    utmTerm: cleanUtmValue(carried.utmTerm) ?? undefined,
    utmContent: cleanUtmValue(carried.utmContent) ?? undefined,
  });
  const utm = {
    utmSource: cleaned.utmSource ?? null,
    utmMedium: cleaned.utmMedium ?? null,
    utmCampaign: cleaned.utmCampaign ?? null,
    utmTerm: cleaned.utmTerm ?? null,
    utmContent: cleaned.utmContent ?? null,
  };
  const sourceHost = cleaned.sourceHost ?? null;
  const hasCampaign = Object.values(utm).some((value) => value !== null);
  if (sourceHost) return { sourceClass: classifyHost(sourceHost), sourceHost, ...utm };
  if (utm.utmSource) return { sourceClass: classifyUtmSource(utm.utmSource), sourceHost, ...utm };
  if (hasCampaign) return { sourceClass: 'site', sourceHost, ...utm };
  return carried.sourceClass === 'direct' ? { sourceClass: 'direct', sourceHost, ...utm } : null;
}

/** A first touch as the submission's fields carry it (hidden inputs, the JSON body): strings, '' where none. */
export function firstTouchFieldsOf(touch: FirstTouch | null): Record<FirstTouchField, string> {
  return {
    sourceClass: touch?.sourceClass ?? '',
    sourceHost: touch?.sourceHost ?? '',
    utmSource: touch?.utmSource ?? '',
    utmMedium: touch?.utmMedium ?? '',
    utmCampaign: touch?.utmCampaign ?? '',
    utmTerm: touch?.utmTerm ?? '',
    utmContent: touch?.utmContent ?? '',
  };
}

/** The attribute that marks a public form's hidden source inputs, which the server fills for a form page (0041). */
export const FIRST_TOUCH_ATTRIBUTE = 'data-first-touch';

/** An enquiry's source as the staff see it (the enquiry view, exports): its one label and what was kept. */
export const EnquirySourceSchema = /* @__PURE__ */ z.object({
  /** sourceLabelOf's name: the campaign's utm_source, else the host, else "Direct", or "Not recorded". */
  label: z.string(),
  sourceClass: z.enum(SOURCE_CLASSES).nullable(),
  sourceHost: z.string().nullable(),
  utmSource: z.string().nullable(),
  utmMedium: z.string().nullable(),
  utmCampaign: z.string().nullable(),
  utmTerm: z.string().nullable(),
  utmContent: z.string().nullable(),
});
export type EnquirySource = z.infer<typeof EnquirySourceSchema>;

/** Migration 0017's source columns of an enquiry row. */
export interface StoredSourceColumns {
  source_class: string | null;
  source_host: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
}

/** An enquiry row's source columns as the staff see them. */
export function enquirySourceOf(row: StoredSourceColumns): EnquirySource {
  const sourceClass = SOURCE_CLASSES.find((known) => known === row.source_class) ?? null;
  const touch = { sourceClass, sourceHost: row.source_host, utmSource: row.utm_source };
  return {
    label: sourceLabelOf(touch),
    ...touch,
    utmMedium: row.utm_medium,
    utmCampaign: row.utm_campaign,
    utmTerm: row.utm_term,
    utmContent: row.utm_content,
  };
}

/** One line for a person: "instagram.com (social) · campaign: lagos-launch", or "Not recorded". */
export function sourceLineOf(source: EnquirySource): string {
  const parts = [
    source.sourceClass && source.sourceClass !== 'direct' ? `${source.label} (${source.sourceClass})` : source.label,
  ];
  if (source.sourceHost && source.utmSource) parts.push(`from ${source.sourceHost.replace(/^www\./, '')}`);
  if (source.utmMedium) parts.push(`medium: ${source.utmMedium}`);
  if (source.utmCampaign) parts.push(`campaign: ${source.utmCampaign}`);
  return parts.join(' · ');
}
