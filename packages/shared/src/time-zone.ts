// The service's own time zone, alone in its file: the reports' days and export dates and the
// citizen's repair date are read in it (constants.ts rides in every page's first chunk).
export const SERVICE_TIME_ZONE = 'America/Sao_Paulo';
