import { API_PATHS, type ContactMessage } from '@agency/shared';
import { request } from '@/lib/api-client';

/** POST submit_contactform.php (JSON name, email, phone, message); the spec reads the `success` flag. */
export function submitContactMessage(message: ContactMessage): Promise<unknown> {
  return request(API_PATHS.SUBMIT_CONTACT, { method: 'POST', body: message });
}
