import { API_PATHS, type ApiResult, type RegisterInput } from '@agency/shared';
import { request } from '@/lib/api-client';

export interface RegisterRequest extends RegisterInput {
  profileImage: File | null;
}

/**
 * POST register.php as multipart: email, password and, when one was chosen, profile_image. The answer's message
 * ("check your mail") is shown as is. The spec's client sends a default avatar when none is chosen; our server
 * assigns the default avatar itself when the file is absent, so no placeholder file is uploaded.
 */
export function register({ email, password, profileImage }: RegisterRequest): Promise<ApiResult> {
  const form = new FormData();
  form.append('email', email);
  form.append('password', password);
  if (profileImage) form.append('profile_image', profileImage);
  return request<ApiResult>(API_PATHS.REGISTER, { method: 'POST', body: form });
}
