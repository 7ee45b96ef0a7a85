import { useQuery } from '@tanstack/react-query';
import { API_PATHS } from '@agency/shared';
import { request, type ResponseSchema } from '@/lib/api-client';
import { inboxKeys } from '../inbox-cache';

/** A mail the outbox gave up on (issue 9): to whom, about what, and the mail server's last word. */
export interface FailedMail {
  id: number;
  recipient: string;
  subject: string;
  attempts: number;
  last_error: string | null;
  created_at: string;
}

const failedMailsSchema: ResponseSchema<FailedMail[]> = {
  parse(answer) {
    const mails = typeof answer === 'object' && answer !== null ? (answer as { mails?: unknown }).mails : undefined;
    if (!Array.isArray(mails)) throw new TypeError('The answer has no mails list');
    return mails as FailedMail[];
  },
};

/** GET /api/outbox/failed (staff): undelivered mails, newest first. */
export function listFailedMails(signal?: AbortSignal): Promise<FailedMail[]> {
  return request(API_PATHS.FAILED_MAILS, { signal, schema: failedMailsSchema });
}

export const useFailedMails = () =>
  useQuery({ queryKey: inboxKeys.failedMails, queryFn: ({ signal }) => listFailedMails(signal), staleTime: Infinity });
