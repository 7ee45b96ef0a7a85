import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DIGEST_PATH, DigestSettingAnswerSchema, type DigestSettingAnswer } from '@agency/shared';
import { request } from '@/lib/api-client';

const DIGEST_SETTING_KEY = ['digest-setting'] as const;

/** GET (staff and owners): whether the signed-in person's daily digest is on. */
export function getDigestSetting(signal?: AbortSignal): Promise<DigestSettingAnswer> {
  return request(DIGEST_PATH, { signal, schema: DigestSettingAnswerSchema });
}

/** PUT: turns it on or off; resolves with the setting as saved. */
export function putDigestSetting(enabled: boolean): Promise<DigestSettingAnswer> {
  return request(DIGEST_PATH, { method: 'PUT', body: { enabled }, schema: DigestSettingAnswerSchema });
}

export const useDigestSetting = () =>
  useQuery({ queryKey: DIGEST_SETTING_KEY, queryFn: ({ signal }) => getDigestSetting(signal) });

/** Saves, and puts the answer in the query's place (no second request). */
export function useSaveDigestSetting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: putDigestSetting,
    onSuccess: (answer) => client.setQueryData(DIGEST_SETTING_KEY, answer),
  });
}
