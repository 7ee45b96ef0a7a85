import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PROFILE_PATHS,
  ProfileAnswerSchema,
  type PasswordChange,
  type ProfileAnswer,
  type ProfileChange,
} from '@agency/shared';
import { request } from '@/lib/api-client';

export const PROFILE_KEY = ['profile'] as const;

/** GET: the signed-in person's profile. */
export function getProfile(signal?: AbortSignal): Promise<ProfileAnswer> {
  return request(PROFILE_PATHS.PROFILE, { signal, schema: ProfileAnswerSchema });
}

/** PUT: the display name (empty clears it); resolves with the profile as saved. */
export function putProfile(change: ProfileChange): Promise<ProfileAnswer> {
  return request(PROFILE_PATHS.PROFILE, { method: 'PUT', body: change, schema: ProfileAnswerSchema });
}

/** PUT (multipart): a new picture. */
export function putAvatar(image: File): Promise<ProfileAnswer> {
  const body = new FormData();
  body.append('profile_image', image);
  return request(PROFILE_PATHS.AVATAR, { method: 'PUT', body, schema: ProfileAnswerSchema });
}

/** PUT: a new password with the current one; every other session of the account ends. */
export async function putPassword(change: PasswordChange): Promise<string> {
  const answer = (await request(PROFILE_PATHS.PASSWORD, { method: 'PUT', body: change })) as { message?: unknown };
  return typeof answer.message === 'string' ? answer.message : '';
}

export const useProfile = () => useQuery({ queryKey: PROFILE_KEY, queryFn: ({ signal }) => getProfile(signal) });

/** Saves, and puts the server's answer in the profile's place (no second request). */
function useProfileChange<T>(change: (input: T) => Promise<ProfileAnswer>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: change, onSuccess: (answer) => client.setQueryData(PROFILE_KEY, answer) });
}

export const useSaveName = () => useProfileChange(putProfile);
export const useChangeAvatar = () => useProfileChange(putAvatar);
export const useChangePassword = () => useMutation({ mutationFn: putPassword });
