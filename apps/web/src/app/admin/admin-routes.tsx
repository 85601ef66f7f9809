// The admin screens, in one list each engineer appends to. `adminRoutes` need a
// signed-in account; `level: 'admin'` sends other roles to /admin/dashboard. An entry
// with a `navKey` gets a navigation link labelled NAV_LABELS[navKey], placed in its
// group of NAV_GROUPS. Every element is lazily loaded: its code arrives when first opened.
import type { MessageKey } from '@acende/shared/i18n/message-key';
import { lazy, type ReactElement } from 'react';

export type AdminNavKey =
  | 'dashboard'
  | 'requests'
  | 'myQueue'
  | 'reports'
  | 'users'
  | 'energyCompanies'
  | 'poles'
  | 'emailSettings'
  | 'smsSettings'
  | 'whatsappSettings'
  | 'pushSettings'
  | 'themeSettings'
  | 'captchaSettings'
  | 'securitySettings'
  | 'retentionSettings'
  | 'audit'
  | 'repairTargets'
  | 'changePassword'
  | 'security'
  | 'replyTemplates'
  | 'open311Keys'
  | 'integrationKeys'
  | 'webhooks'
  | 'workOrders'
  | 'dispatchBoard'
  | 'crewReport'
  | 'materials';

/**
 * The navigation in four foldable groups (issue 35: 18 links in one list were hard to scan),
 * each in its order, whatever the order of the entries below.
 */
export const NAV_GROUPS: { key: string; label: MessageKey; items: AdminNavKey[] }[] = [
  {
    key: 'service',
    label: 'admin-access.adminShell.groups.service',
    items: ['dashboard', 'requests', 'myQueue', 'workOrders', 'dispatchBoard'],
  },
  {
    key: 'records',
    label: 'admin-access.adminShell.groups.records',
    items: ['users', 'energyCompanies', 'poles', 'materials', 'replyTemplates', 'repairTargets'],
  },
  { key: 'reports', label: 'admin-access.adminShell.groups.reports', items: ['reports', 'crewReport', 'audit'] },
  {
    key: 'settings',
    label: 'admin-access.adminShell.groups.settings',
    items: [
      'emailSettings',
      'smsSettings',
      'whatsappSettings',
      'pushSettings',
      'themeSettings',
      'captchaSettings',
      'securitySettings',
      'retentionSettings',
      'open311Keys',
      'integrationKeys',
      'webhooks',
      'changePassword',
      'security',
    ],
  },
];

/** The order of the navigation: its groups' links one after another. */
export const NAV_ORDER: AdminNavKey[] = NAV_GROUPS.flatMap((group) => group.items);

/** Each link's label: admin-access.json holds most, a feature's own catalogue the rest. */
export const NAV_LABELS: Record<AdminNavKey, MessageKey> = {
  dashboard: 'admin-access.adminShell.nav.dashboard',
  requests: 'admin-access.adminShell.nav.requests',
  myQueue: 'admin-access.adminShell.nav.myQueue',
  reports: 'admin-access.adminShell.nav.reports',
  users: 'admin-access.adminShell.nav.users',
  energyCompanies: 'admin-access.adminShell.nav.energyCompanies',
  poles: 'admin-access.adminShell.nav.poles',
  emailSettings: 'admin-access.adminShell.nav.emailSettings',
  smsSettings: 'admin-settings.adminShell.nav.smsSettings',
  whatsappSettings: 'admin-settings.adminShell.nav.whatsappSettings',
  pushSettings: 'admin-settings.adminShell.nav.pushSettings',
  themeSettings: 'admin-access.adminShell.nav.themeSettings',
  captchaSettings: 'admin-access.adminShell.nav.captchaSettings',
  securitySettings: 'admin-access.adminShell.nav.securitySettings',
  retentionSettings: 'admin-access.adminShell.nav.retentionSettings',
  audit: 'admin-access.adminShell.nav.audit',
  repairTargets: 'admin-access.adminShell.nav.repairTargets',
  changePassword: 'admin-access.adminShell.nav.changePassword',
  security: 'admin-access.adminShell.nav.security',
  replyTemplates: 'admin-templates.adminShell.nav.replyTemplates',
  open311Keys: 'admin-open311.adminShell.nav.open311Keys',
  integrationKeys: 'admin-integrations.keys.nav',
  webhooks: 'admin-integrations.webhooksPage.nav',
  workOrders: 'admin-work.nav.workOrders',
  dispatchBoard: 'admin-work.nav.board',
  crewReport: 'admin-work.nav.report',
  materials: 'admin-access.adminShell.nav.materials',
};

export interface AdminRoute {
  /** Relative to /admin. */
  path: string;
  element: ReactElement;
  level: 'any' | 'admin';
  navKey?: AdminNavKey;
}

const DashboardPage = lazy(() => import('../../features/dashboard/components/dashboard-page.tsx'));
const ChangePasswordPage = lazy(() => import('../../features/auth/components/change-password-page.tsx'));
const UsersPage = lazy(() => import('../../features/users/components/users-page.tsx'));
const UserFormPage = lazy(() => import('../../features/users/components/user-form-page.tsx'));
const EmailSettingsPage = lazy(() => import('../../features/email-settings/components/email-settings-page.tsx'));
const SmsSettingsPage = lazy(() => import('../../features/sms-settings/components/sms-settings-page.tsx'));
const WhatsappSettingsPage = lazy(
  () => import('../../features/whatsapp-settings/components/whatsapp-settings-page.tsx'),
);
const PushSettingsPage = lazy(() => import('../../features/push-settings/components/push-settings-page.tsx'));
const RequestsPage = lazy(() => import('../../features/requests/components/requests-page.tsx'));
const RequestDetailPage = lazy(() => import('../../features/requests/components/request-detail-page.tsx'));
const MyQueuePage = lazy(() => import('../../features/my-queue/components/my-queue-page.tsx'));
const EnergyCompaniesPage = lazy(() => import('../../features/energy-companies/components/energy-companies-page.tsx'));
const PolesPage = lazy(() => import('../../features/poles/components/poles-page.tsx'));
const PoleFormPage = lazy(() => import('../../features/poles/components/pole-form-page.tsx'));

const PoleImportPage = lazy(() => import('../../features/poles/components/pole-import-page.tsx'));
const ReportsMenuPage = lazy(() => import('../../features/reports/components/reports-menu-page.tsx'));
const RequestsReportPage = lazy(() => import('../../features/reports/components/requests-report-page.tsx'));
const AreaReportPage = lazy(() => import('../../features/reports/components/area-report-page.tsx'));
const LocationMapReportPage = lazy(() => import('../../features/reports/components/location-map-report-page.tsx'));
const ThemeSettingsPage = lazy(() => import('../../features/theme-settings/components/theme-settings-page.tsx'));
const PoleLabelsPage = lazy(() => import('../../features/poles/components/pole-labels-page.tsx'));
const AuditPage = lazy(() => import('../../features/audit/components/audit-page.tsx'));
const CaptchaSettingsPage = lazy(() => import('../../features/captcha-settings/components/captcha-settings-page.tsx'));
const SecurityPage = lazy(() => import('../../features/two-factor/components/security-page.tsx'));
const SecuritySettingsPage = lazy(() => import('../../features/two-factor/components/security-settings-page.tsx'));
const RetentionSettingsPage = lazy(
  () => import('../../features/retention-settings/components/retention-settings-page.tsx'),
);
const ReplyTemplatesPage = lazy(() => import('../../features/reply-templates/components/reply-templates-page.tsx'));
const RepairTargetsPage = lazy(() => import('../../features/repair-targets/components/repair-targets-page.tsx'));
const Open311KeysPage = lazy(() => import('../../features/open311-keys/components/open311-keys-page.tsx'));
const IntegrationKeysPage = lazy(() => import('../../features/integration-keys/components/integration-keys-page.tsx'));
const WebhooksPage = lazy(() => import('../../features/webhooks/components/webhooks-page.tsx'));
const WorkOrdersPage = lazy(() => import('../../features/work-orders/components/work-orders-page.tsx'));
const WorkOrderPage = lazy(() => import('../../features/work-orders/components/work-order-page.tsx'));
const DispatchBoardPage = lazy(() => import('../../features/work-orders/components/dispatch-board-page.tsx'));
const CrewReportPage = lazy(() => import('../../features/work-orders/components/crew-report-page.tsx'));
const MaterialsPage = lazy(() => import('../../features/materials/components/materials-page.tsx'));
const SlaReportPage = lazy(() => import('../../features/reports/components/sla-report-page.tsx'));
const RatingsReportPage = lazy(() => import('../../features/reports/components/ratings-report-page.tsx'));

export const adminRoutes: AdminRoute[] = [
  { path: 'audit', element: <AuditPage />, level: 'admin', navKey: 'audit' },
  { path: 'reports', element: <ReportsMenuPage />, level: 'any', navKey: 'reports' },
  { path: 'reports/requests', element: <RequestsReportPage />, level: 'any' },
  { path: 'reports/area', element: <AreaReportPage />, level: 'any' },
  { path: 'reports/location-map', element: <LocationMapReportPage />, level: 'any' },
  { path: 'reports/sla', element: <SlaReportPage />, level: 'any' },
  { path: 'reports/ratings', element: <RatingsReportPage />, level: 'any' },
  { path: 'theme-settings', element: <ThemeSettingsPage />, level: 'admin', navKey: 'themeSettings' },
  { path: 'captcha-settings', element: <CaptchaSettingsPage />, level: 'admin', navKey: 'captchaSettings' },
  { path: 'retention-settings', element: <RetentionSettingsPage />, level: 'admin', navKey: 'retentionSettings' },
  { path: 'dashboard', element: <DashboardPage />, level: 'any', navKey: 'dashboard' },
  { path: 'change-password', element: <ChangePasswordPage />, level: 'any', navKey: 'changePassword' },
  { path: 'security', element: <SecurityPage />, level: 'any', navKey: 'security' },
  { path: 'security-settings', element: <SecuritySettingsPage />, level: 'admin', navKey: 'securitySettings' },
  { path: 'users', element: <UsersPage />, level: 'admin', navKey: 'users' },
  { path: 'users/new', element: <UserFormPage />, level: 'admin' },
  { path: 'users/:id/edit', element: <UserFormPage />, level: 'admin' },
  { path: 'email-settings', element: <EmailSettingsPage />, level: 'admin', navKey: 'emailSettings' },
  { path: 'sms-settings', element: <SmsSettingsPage />, level: 'admin', navKey: 'smsSettings' },
  { path: 'whatsapp-settings', element: <WhatsappSettingsPage />, level: 'admin', navKey: 'whatsappSettings' },
  { path: 'push-settings', element: <PushSettingsPage />, level: 'admin', navKey: 'pushSettings' },
  { path: 'requests', element: <RequestsPage />, level: 'any', navKey: 'requests' },
  { path: 'requests/:id', element: <RequestDetailPage />, level: 'any' },
  { path: 'user-requests', element: <MyQueuePage />, level: 'any', navKey: 'myQueue' },
  { path: 'energy-companies', element: <EnergyCompaniesPage />, level: 'admin', navKey: 'energyCompanies' },
  { path: 'poles', element: <PolesPage />, level: 'any', navKey: 'poles' },
  { path: 'poles/new', element: <PoleFormPage />, level: 'any' },
  { path: 'poles/:id', element: <PoleFormPage />, level: 'any' },
  // Operators import; the screen itself tells a viewer (read-only) why it cannot.
  { path: 'poles/import', element: <PoleImportPage />, level: 'any' },
  { path: 'poles/labels', element: <PoleLabelsPage />, level: 'any' },
  { path: 'reply-templates', element: <ReplyTemplatesPage />, level: 'admin', navKey: 'replyTemplates' },
  { path: 'repair-targets', element: <RepairTargetsPage />, level: 'admin', navKey: 'repairTargets' },
  { path: 'open311-keys', element: <Open311KeysPage />, level: 'admin', navKey: 'open311Keys' },
  { path: 'integration-keys', element: <IntegrationKeysPage />, level: 'admin', navKey: 'integrationKeys' },
  { path: 'webhooks', element: <WebhooksPage />, level: 'admin', navKey: 'webhooks' },
  // Every account reads; the screens show the write controls to operators and admins only.
  { path: 'work-orders', element: <WorkOrdersPage />, level: 'any', navKey: 'workOrders' },
  { path: 'work-orders/board', element: <DispatchBoardPage />, level: 'any', navKey: 'dispatchBoard' },
  { path: 'work-orders/report', element: <CrewReportPage />, level: 'any', navKey: 'crewReport' },
  { path: 'work-orders/:id', element: <WorkOrderPage />, level: 'any' },
  // Each company's materials list (decision 0068): every account reads, operators and admins write.
  { path: 'materials', element: <MaterialsPage />, level: 'any', navKey: 'materials' },
];

const LoginPage = lazy(() => import('../../features/auth/components/login-page.tsx'));
const RequestPasswordResetPage = lazy(
  () => import('../../features/password-reset/components/request-password-reset-page.tsx'),
);
const ResetPasswordPage = lazy(() => import('../../features/password-reset/components/reset-password-page.tsx'));
const SignInLinkPage = lazy(() => import('../../features/auth/components/sign-in-link-page.tsx'));

/** Screens for people who are not signed in (sign-in, its e-mailed link, password reset). */
export const publicAdminRoutes: { path: string; element: ReactElement }[] = [
  { path: 'login', element: <LoginPage /> },
  { path: 'request-password-reset', element: <RequestPasswordResetPage /> },
  { path: 'reset-password/:token', element: <ResetPasswordPage /> },
  { path: 'sign-in-link/:token', element: <SignInLinkPage /> },
];
