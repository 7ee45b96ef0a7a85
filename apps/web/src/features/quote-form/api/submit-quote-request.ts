import { API_PATHS, type QuoteRequest } from '@agency/shared';
import { submitFormReadingSuccess, type FormSubmitAnswer } from '@/lib/form-submission';

/** POST submit_quote.php; the spec reads the `success` flag. Throws on a network or non-JSON answer. */
export function submitQuoteRequest(request: QuoteRequest): Promise<FormSubmitAnswer> {
  return submitFormReadingSuccess(API_PATHS.SUBMIT_QUOTE, request);
}
