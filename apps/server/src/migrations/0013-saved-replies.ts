import type { Kysely, Migration } from 'kysely';
import { BRAND_PHONES } from '@agency/shared';

/**
 * Issue 20 (docs/decisions/0036): the saved replies the product ships with, in the table 0011 created. Variables in
 * braces are filled from the enquiry when a reply is picked ({name}, {reference}, {kind}, {staff}, {training},
 * {schedule}, {startDate}); `[[...]]` is a blank the staff member fills before the reply can be sent. Owners change
 * or delete them like their own. Inserted once: a second run (the table not empty) adds nothing.
 */
export const SHIPPED_SAVED_REPLIES = [
  {
    title: 'Thank you, we are on it',
    body:
      'Good day {name},\n\n' +
      'Thank you for reaching out to Rendezvous Digital. We have your {kind} (reference {reference}) and I am ' +
      'looking into it personally.\n\n' +
      'I will get back to you by [[day or time]] with a proper answer. If anything comes to mind in the meantime, ' +
      'simply reply to this e-mail.\n\n' +
      'Warm regards,\n{staff}\nRendezvous Digital',
  },
  {
    title: 'Training: your place is confirmed',
    body:
      'Dear {name},\n\n' +
      'Good news: your place on our {training} training ({schedule} class) is confirmed. Your reference is ' +
      '{reference}.\n\n' +
      'Classes start on {startDate}. The fee is [[fee in naira]], payable before the first class; reply to this ' +
      'e-mail if you would like to pay in instalments and we will work something out.\n\n' +
      'Please come along with your laptop and charger. We look forward to having you.\n\n' +
      'Kind regards,\n{staff}\nRendezvous Digital',
  },
  {
    title: 'Quote: a few questions first',
    body:
      'Hello {name},\n\n' +
      'Thank you for your {kind} ({reference}). To give you an accurate quote, could you kindly tell me:\n\n' +
      '1. [[first question]]\n' +
      '2. Your preferred timeline, and any date we must meet\n' +
      '3. Your budget range, if you have one in mind\n\n' +
      'Once I have these, you will have the quote within two working days.\n\n' +
      'Best regards,\n{staff}\nRendezvous Digital',
  },
  {
    title: 'Could not reach you by phone',
    body:
      'Good day {name},\n\n' +
      'I tried to call you today about your {kind} ({reference}) but could not get through. When is a good time ' +
      'to reach you? You can also call us on ' +
      `${BRAND_PHONES.office.display} or send a WhatsApp message to ${BRAND_PHONES.whatsapp.display}.\n\n` +
      'Thank you,\n{staff}\nRendezvous Digital',
  },
  {
    title: 'Following up',
    body:
      'Hello {name},\n\n' +
      'I am just following up on our last conversation about {reference}. [[what you are following up on]]\n\n' +
      'Do let me know if you have any questions; we are happy to help.\n\n' +
      'Warm regards,\n{staff}\nRendezvous Digital',
  },
] as const;

export const shippedSavedReplies: Migration = {
  async up(db: Kysely<unknown>) {
    const typed = db as Kysely<{
      saved_replies: { title: string; body: string; created_by: number | null; created_at: number; updated_at: number };
    }>;
    const existing = await typed.selectFrom('saved_replies').select('title').limit(1).execute();
    if (existing.length > 0) return;
    // Fixed times, a second apart, so they list in this order and the migration writes the same rows everywhere.
    const at = Date.UTC(2026, 10, 26);
    await typed
      .insertInto('saved_replies')
      .values(
        SHIPPED_SAVED_REPLIES.map((reply, index) => ({
          title: reply.title,
          body: reply.body,
          created_by: null,
          created_at: at + index * 1000,
          updated_at: at + index * 1000,
        })),
      )
      .execute();
  },
};
