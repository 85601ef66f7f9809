// The closed sets of values the product speaks in, shared by the API, the web app and tests.
export const REQUEST_STATUSES = ['open', 'in_progress', 'completed', 'cancelled'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const PROBLEM_TYPES = ['LIGHT_OUT', 'NO_LAMP', 'FALLEN_POLE', 'POLE_DAMAGE'] as const;
export type ProblemType = (typeof PROBLEM_TYPES)[number];

export const ROLES = ['admin', 'user', 'viewer', 'crew'] as const;
export type Role = (typeof ROLES)[number];

export const LANGUAGES = ['pt', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'pt';
