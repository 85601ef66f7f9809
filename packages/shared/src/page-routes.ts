// Every page the web app draws, as React Router patterns. The server answers these with
// the app and HTTP 200, and any other page path with the app's not-found page and HTTP 404.
/** The citizen's pages (public layout). */
export const PUBLIC_PAGE_PATHS = [
  '/',
  // A pole's QR label address (decision 20).
  '/p/:companyId/:number',
  '/track',
  '/track/:id',
  '/privacy',
  '/accessibility',
  // Each company's figures, for anyone (issue 25, decision 0037).
  '/transparencia',
  // An e-mail's unsubscribe link (decision 0034).
  '/unsubscribe',
  // The open-data feed's description and links (decision 0039).
  '/open-data',
  // The crew's phone app (issue 37, decision 0068): its own screen, outside the public layout.
  '/campo',
] as const;

/** The back office's pages, below /admin (the admin app's routes). */
export const ADMIN_PAGE_PATHS = [
  '',
  'login',
  'request-password-reset',
  'reset-password/:token',
  'sign-in-link/:token',
  'dashboard',
  'change-password',
  'security',
  'security-settings',
  'requests',
  'requests/:id',
  'user-requests',
  'users',
  'users/new',
  'users/:id/edit',
  'energy-companies',
  'email-settings',
  'sms-settings',
  'whatsapp-settings',
  'push-settings',
  'theme-settings',
  'captcha-settings',
  'retention-settings',
  'reports',
  'reports/requests',
  'reports/area',
  'reports/location-map',
  'reports/ratings',
  'reports/sla',
  'poles',
  'poles/new',
  'poles/:id',
  'poles/import',
  'poles/labels',
  'audit',
  'reply-templates',
  'repair-targets',
  'open311-keys',
  'integration-keys',
  'webhooks',
  'work-orders',
  // The dispatch board and the crew report (issue 37).
  'work-orders/board',
  'work-orders/report',
  'work-orders/:id',
  // Each company's materials list, which crews report at a stop (decision 0068).
  'materials',
] as const;
