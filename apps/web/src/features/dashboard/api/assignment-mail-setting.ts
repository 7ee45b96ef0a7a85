import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ASSIGNMENT_MAIL_PATH,
  AssignmentMailSettingAnswerSchema,
  type AssignmentMailSettingAnswer,
} from '@agency/shared';
import { request } from '@/lib/api-client';

const ASSIGNMENT_MAIL_KEY = ['assignment-mail-setting'] as const;

/** GET (staff and owners): whether the signed-in person is mailed when a colleague assigns them an enquiry. */
export function getAssignmentMailSetting(signal?: AbortSignal): Promise<AssignmentMailSettingAnswer> {
  return request(ASSIGNMENT_MAIL_PATH, { signal, schema: AssignmentMailSettingAnswerSchema });
}

/** PUT: turns it on or off; resolves with the setting as saved. */
export function putAssignmentMailSetting(enabled: boolean): Promise<AssignmentMailSettingAnswer> {
  return request(ASSIGNMENT_MAIL_PATH, {
    method: 'PUT',
    body: { enabled },
    schema: AssignmentMailSettingAnswerSchema,
  });
}

export const useAssignmentMailSetting = () =>
  useQuery({ queryKey: ASSIGNMENT_MAIL_KEY, queryFn: ({ signal }) => getAssignmentMailSetting(signal) });

/** Saves, and puts the answer in the query's place (no second request). */
export function useSaveAssignmentMailSetting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: putAssignmentMailSetting,
    onSuccess: (answer) => client.setQueryData(ASSIGNMENT_MAIL_KEY, answer),
  });
}
