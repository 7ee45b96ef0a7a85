import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  API_PATHS,
  BusinessCalendarAnswerSchema,
  type BusinessCalendarAnswer,
  type BusinessCalendarSettings,
} from '@agency/shared';
import { request } from '@/lib/api-client';

const BUSINESS_CALENDAR_KEY = ['business-calendar'] as const;

/** GET (staff): the calendar as saved, with the closed days of the coming 12 months. */
export function getBusinessCalendar(signal?: AbortSignal): Promise<BusinessCalendarAnswer> {
  return request(API_PATHS.BUSINESS_CALENDAR, { signal, schema: BusinessCalendarAnswerSchema });
}

/** PUT (owners): replaces the calendar; resolves with the calendar as saved and the holidays as they now apply. */
export function putBusinessCalendar(settings: BusinessCalendarSettings): Promise<BusinessCalendarAnswer> {
  return request(API_PATHS.BUSINESS_CALENDAR, { method: 'PUT', body: settings, schema: BusinessCalendarAnswerSchema });
}

export const useBusinessCalendar = () =>
  useQuery({
    queryKey: BUSINESS_CALENDAR_KEY,
    queryFn: ({ signal }) => getBusinessCalendar(signal),
    meta: { ownersOnly: true },
  });

/** Saves, and puts the answer in the query's place (no second request). */
export function useSaveBusinessCalendar() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: putBusinessCalendar,
    onSuccess: (answer) => client.setQueryData(BUSINESS_CALENDAR_KEY, answer),
    meta: { ownersOnly: true },
  });
}
