import { createHash } from 'node:crypto';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import type { MailAutomation } from '../../lib/database-schema';

/**
 * A received message read into what a conversation stores and what the matching needs (issue 20,
 * docs/decisions/0036). mailparser does the MIME work: charsets (windows-1252, ISO-8859-1, UTF-8), quoted-printable
 * and base64, encoded words in headers, nested multiparts, HTML-only mails given a text body. What it leaves to us:
 * the Message-ID's normal form, the thread's ids, the addresses a plus-token may hide in, and whether a person wrote it.
 */
export interface ParsedInboundMail {
  /** `<id@host>`; a stable synthetic one from the raw bytes when the message has none. */
  messageId: string;
  /** sha256 hex of the Message-ID without brackets in lower case (enquiry_mails.message_key). */
  messageKey: string;
  inReplyTo: string | null;
  referencesHeader: string | null;
  /** The ids this message answers, nearest first: In-Reply-To, then References from the last to the first. */
  threadIds: string[];
  fromAddress: string;
  fromName: string | null;
  toAddress: string | null;
  /** Every address it was sent or delivered to: To, Cc, Delivered-To, X-Original-To (a plus-token's places). */
  recipientAddresses: string[];
  subject: string;
  textBody: string;
  htmlBody: string | null;
  sentAt: number | null;
  automated: MailAutomation | null;
  attachments: ParsedAttachment[];
}

export interface ParsedAttachment {
  filename: string;
  contentType: string;
  size: number;
  contentId: string | null;
  content: Buffer;
}

/** The column widths of enquiry_mails (migration 0011). */
const MAX_HEADER_COLUMN = 998;
const MAX_ADDRESS = 320;
const MAX_NAME = 200;
const MAX_FILENAME = 255;

/** `<...>` tokens of a header value, as written. */
const MESSAGE_ID_TOKEN = /<[^<>\s]+>/g;

/** sha256 hex of a Message-ID without its brackets, in lower case: the one key a message is stored under. */
export function messageKeyOf(messageId: string): string {
  return createHash('sha256').update(messageId.trim().replace(/^<|>$/g, '').toLowerCase()).digest('hex');
}

/** The Message-ID in its stored form (`<id>`), or a synthetic one from the raw bytes (the same for a redelivery). */
export function normalisedMessageId(value: string | undefined, raw: Buffer): string {
  const token = value?.match(MESSAGE_ID_TOKEN)?.[0] ?? bracketed(value);
  if (token && token.length <= MAX_HEADER_COLUMN) return token;
  return `<${createHash('sha256').update(raw).digest('hex')}@no-message-id.invalid>`;
}

function bracketed(value: string | undefined): string | undefined {
  const bare = value?.trim().replace(/^<|>$/g, '');
  return bare && !/\s/.test(bare) ? `<${bare}>` : undefined;
}

/** The Message-IDs of a header, as written; a client that left out the brackets (`id@host`) is read the same. */
function idsOf(values: string[]): string[] {
  const joined = values.join(' ');
  const tokens = joined.match(MESSAGE_ID_TOKEN);
  if (tokens) return [...tokens];
  return joined
    .split(/[\s,]+/)
    .filter((word) => /^[^\s<>@]+@[^\s<>@]+$/.test(word))
    .map((word) => `<${word}>`);
}

/** One header's values (every occurrence), unfolded, from the message's own header lines. */
function headerValues(mail: ParsedMail, name: string): string[] {
  return mail.headerLines
    .filter((line) => line.key === name)
    .map((line) =>
      line.line
        .slice(line.line.indexOf(':') + 1)
        .replace(/\r?\n[ \t]+/g, ' ')
        .trim(),
    );
}

function addressesOf(field: AddressObject | AddressObject[] | undefined): { address: string; name: string }[] {
  const objects = field === undefined ? [] : Array.isArray(field) ? field : [field];
  const flat: { address: string; name: string }[] = [];
  const walk = (entries: AddressObject['value']) => {
    for (const entry of entries) {
      if (entry.group) walk(entry.group);
      else if (entry.address) flat.push({ address: entry.address, name: entry.name });
    }
  };
  for (const object of objects) walk(object.value);
  return flat;
}

function clip(value: string, length: number): string {
  return value.length > length ? value.slice(0, length) : value;
}

/**
 * Whether a program wrote the message (RFC 3834 and what mail servers do in practice): a delivery report or a
 * MAILER-DAEMON's mail is a bounce; Auto-Submitted other than `no`, X-Autoreply, X-Autorespond or a bulk Precedence
 * an auto-reply; a bare null Return-Path (`<>`, the envelope of notifications) without those a bounce.
 */
export function automationOf(mail: ParsedMail, fromAddress: string): MailAutomation | null {
  const contentType = mail.headers.get('content-type');
  const type =
    typeof contentType === 'object' && contentType !== null && 'value' in contentType
      ? String(contentType.value)
      : String(contentType ?? '');
  const local = fromAddress.split('@')[0]?.toLowerCase() ?? '';
  if (/^multipart\/report\b/i.test(type) || local === 'mailer-daemon' || local === 'postmaster') return 'bounce';
  const autoSubmitted = headerValues(mail, 'auto-submitted');
  if (autoSubmitted.some((value) => !/^no\b/i.test(value))) return 'auto-reply';
  if (headerValues(mail, 'x-autoreply').length > 0 || headerValues(mail, 'x-autorespond').length > 0) {
    return 'auto-reply';
  }
  if (headerValues(mail, 'precedence').some((value) => /^(bulk|auto_reply|junk|list)\b/i.test(value))) {
    return 'auto-reply';
  }
  if (headerValues(mail, 'return-path').some((value) => /^<\s*>$/.test(value))) return 'bounce';
  return null;
}

/**
 * The Message-IDs a bounce is about: the returned message's headers inside the report (text/rfc822-headers or
 * message/rfc822), which name the mail we sent although the report itself answers nothing.
 */
function bouncedIds(raw: Buffer): string[] {
  const text = raw.toString('latin1');
  const bodyStart = text.search(/\r?\n\r?\n/);
  if (bodyStart < 0) return [];
  const ids: string[] = [];
  for (const match of text.slice(bodyStart).matchAll(/^(?:Message-ID|In-Reply-To):[ \t]*(<[^<>\s]+>)/gim)) {
    if (match[1]) ids.push(match[1]);
  }
  return ids;
}

export async function parseInboundMail(raw: Buffer): Promise<ParsedInboundMail> {
  const mail = await simpleParser(raw, { keepCidLinks: true });
  const messageId = normalisedMessageId(mail.messageId ?? headerValues(mail, 'message-id')[0], raw);
  const inReplyToIds = idsOf(headerValues(mail, 'in-reply-to'));
  const referenceIds = idsOf(headerValues(mail, 'references'));
  const from = addressesOf(mail.from)[0];
  const fromAddress = clip(from?.address.trim() ?? '', MAX_ADDRESS);
  const automated = automationOf(mail, fromAddress);
  const threadIds = [
    ...new Set([...inReplyToIds, ...[...referenceIds].reverse(), ...(automated === 'bounce' ? bouncedIds(raw) : [])]),
  ].filter((id) => id.toLowerCase() !== messageId.toLowerCase());
  const to = addressesOf(mail.to);
  const cc = addressesOf(mail.cc);
  const delivered = [...headerValues(mail, 'delivered-to'), ...headerValues(mail, 'x-original-to')];
  const recipientAddresses = [...to.map((entry) => entry.address), ...cc.map((entry) => entry.address), ...delivered];
  const referencesHeader = referenceIds.length > 0 ? referenceIds.join(' ') : null;
  const date = mail.date?.getTime();
  return {
    messageId,
    messageKey: messageKeyOf(messageId),
    inReplyTo: inReplyToIds[0] && inReplyToIds[0].length <= MAX_HEADER_COLUMN ? inReplyToIds[0] : null,
    referencesHeader,
    threadIds,
    fromAddress,
    fromName: from?.name ? clip(from.name, MAX_NAME) : null,
    toAddress: to.length > 0 ? to.map((entry) => entry.address).join(', ') : null,
    recipientAddresses,
    subject: clip((mail.subject ?? '').replace(/[\r\n]+/g, ' ').trim(), MAX_HEADER_COLUMN),
    textBody: mail.text ?? '',
    htmlBody: typeof mail.html === 'string' && mail.html !== '' ? mail.html : null,
    sentAt: date !== undefined && Number.isFinite(date) ? date : null,
    automated,
    attachments: mail.attachments.map((attachment) => ({
      filename: clip(attachment.filename ?? 'attachment', MAX_FILENAME),
      contentType: clip(attachment.contentType || 'application/octet-stream', 255),
      size: attachment.content.length,
      contentId: attachment.contentId ? clip(attachment.contentId, 255) : null,
      content: attachment.content,
    })),
  };
}
