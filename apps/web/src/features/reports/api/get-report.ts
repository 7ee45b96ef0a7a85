import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { REPORTS_PATH, ReportAnswerSchema, type ReportAnswer } from '@agency/shared';
import { request } from '@/lib/api-client';

/** A week of the reports: its Monday, or undefined for the server's current week. */
export type ReportWeek = string | undefined;

/** GET (staff): the report of one week (owners: everyone's figures; other staff: their own). */
export function getReport(
  range: { from: string; to: string } | undefined,
  signal?: AbortSignal,
): Promise<ReportAnswer> {
  return request(REPORTS_PATH, { signal, query: range, schema: ReportAnswerSchema });
}

/** The report of a range; the previous week's stays on screen while the next loads. */
export const useReport = (range: { from: string; to: string } | undefined) =>
  useQuery({
    queryKey: ['reports', range?.from ?? 'current', range?.to ?? 'current'],
    queryFn: ({ signal }) => getReport(range, signal),
    placeholderData: keepPreviousData,
  });
