// The report filters live in the page URL (shareable, kept on reload), read through the
// same shared schema the API validates them with; an invalid URL falls back to no filters.

import { FILTER_NAMES, type ReportFilters, reportQuerySchema } from '@acende/shared/schemas/reports';
import type { TFunction } from 'i18next';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import * as z from 'zod/mini';

export type ReportParams = ReportFilters & { page: number; pageSize: number };

export function parseReportParams(search: URLSearchParams): ReportParams {
  const parsed = z.safeParse(reportQuerySchema, Object.fromEntries(search));
  if (parsed.success) return parsed.data;
  // Keep what is valid: drop the offending values one by one.
  const raw = Object.fromEntries(search);
  for (const issue of parsed.error.issues) delete raw[String(issue.path[0])];
  const retry = z.safeParse(reportQuerySchema, raw);
  return retry.success ? retry.data : { page: 1, pageSize: 20 };
}

/** Query string of the filters only (for exports), or with paging. */
export function reportQueryString(params: Partial<ReportParams>, withPaging = true): string {
  const search = new URLSearchParams();
  for (const name of FILTER_NAMES) {
    const value = params[name];
    if (value !== undefined && value !== '') search.set(name, String(value));
  }
  if (withPaging && params.page) search.set('page', String(params.page));
  if (withPaging && params.pageSize) search.set('pageSize', String(params.pageSize));
  return search.toString();
}

export function hasFilters(params: ReportFilters): boolean {
  return FILTER_NAMES.some((name) => params[name] !== undefined);
}

export function useReportParams() {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => parseReportParams(search), [search]);
  const setFilters = useCallback(
    (filters: ReportFilters) => setSearch(reportQueryString({ ...filters, page: 1, pageSize: params.pageSize })),
    [setSearch, params.pageSize],
  );
  const setPage = useCallback((page: number) => setSearch(reportQueryString({ ...params, page })), [setSearch, params]);
  const setPageSize = useCallback(
    (pageSize: number) => setSearch(reportQueryString({ ...params, page: 1, pageSize })),
    [setSearch, params],
  );
  return { params, setFilters, setPage, setPageSize };
}

/** A duration as the exports write it: hours under two days, days beyond. */
export function formatDuration(seconds: number | null, language: string, t: TFunction) {
  if (seconds === null) return '—';
  const format = (n: number) =>
    new Intl.NumberFormat(language === 'en' ? 'en-US' : 'pt-BR', {
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
    }).format(n);
  const hours = seconds / 3600;
  return hours < 48
    ? t('admin-reports.reports.duration.hours', { value: format(hours) })
    : t('admin-reports.reports.duration.days', { value: format(hours / 24) });
}

export function areaName(city: string | null, district: string | null, unknown: string): string {
  if (district && city) return `${district}, ${city}`;
  return district ?? city ?? unknown;
}
