import { API_PATHS, type ContactMessage } from '@agency/shared';
import { submitFormReadingSuccess, type FormSubmitAnswer } from '@/lib/form-submission';

/** POST submit_contactform.php; the spec reads the `success` flag. Throws on a network or non-JSON answer. */
export function submitContactMessage(message: ContactMessage): Promise<FormSubmitAnswer> {
  return submitFormReadingSuccess(API_PATHS.SUBMIT_CONTACT, message);
}
