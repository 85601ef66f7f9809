// The field app's query keys (decision 0047): the crew's days, one per date.
export const fieldKeys = {
  all: () => ['crew'] as const,
  days: () => ['crew', 'day'] as const,
  day: (day: string) => ['crew', 'day', day] as const,
};
