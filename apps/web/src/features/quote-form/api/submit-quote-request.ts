import { API_PATHS, type QuoteRequest } from '@agency/shared';
import { request } from '@/lib/api-client';

/** POST submit_quote.php (JSON name, email, phone, location, projectDescription, services); reads `success`. */
export function submitQuoteRequest(quote: QuoteRequest): Promise<unknown> {
  return request(API_PATHS.SUBMIT_QUOTE, { method: 'POST', body: quote });
}
