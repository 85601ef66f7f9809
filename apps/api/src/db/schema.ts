// Kysely's view of the tables, in camelCase (CamelCasePlugin maps to snake_case columns).
// Timestamps are ISO-8601 UTC text on both engines; booleans are 0/1 integers. The tables
// are described by group: requests, places (companies, poles), accounts and the service.
import type { Insertable, Selectable, Updateable } from 'kysely';
import type {
  AdminCompaniesTable,
  AdminRecoveryCodesTable,
  AdminsTable,
  AdminTwoFactorTable,
  IntegrationChangesTable,
  IntegrationKeysTable,
  LoginAttemptsTable,
  Open311KeysTable,
  PendingSignInsTable,
  SessionsTable,
  SignInLinksTable,
} from './schema.accounts.ts';
import type { EnergyCompaniesTable, PoleCellsTable, PolesRtreeTable, PolesTable } from './schema.places.ts';
import type {
  CompanyRepairTargetsTable,
  RepairRequestsTable,
  RepairTargetsTable,
  RequestCountersTable,
  RequestDueCountersTable,
  RequestEventsTable,
  RequestFollowersTable,
  RequestPhotosTable,
  RequestRatingsTable,
} from './schema.requests.ts';
import type {
  AuditLogTable,
  CaptchaUsedTable,
  ChannelDailyCountsTable,
  ChannelOutboxTable,
  ChannelStopsTable,
  EmailOutboxTable,
  PushSubscriptionsTable,
  ReplyTemplatesTable,
  SiteSettingsTable,
  TransparencyCacheTable,
} from './schema.service.ts';
import type { WebhookDeliveriesTable, WebhookEndpointsTable } from './schema.webhooks.ts';
import type {
  CrewActionsTable,
  CrewPhotosTable,
  CrewsTable,
  MaterialsTable,
  WorkOrderStopMaterialsTable,
  WorkOrderStopsTable,
  WorkOrdersTable,
} from './schema.work.ts';

export interface Database {
  energyCompanies: EnergyCompaniesTable;
  repairRequests: RepairRequestsTable;
  poles: PolesTable;
  poleCells: PoleCellsTable;
  polesRtree: PolesRtreeTable;
  requestEvents: RequestEventsTable;
  admins: AdminsTable;
  adminCompanies: AdminCompaniesTable;
  siteSettings: SiteSettingsTable;
  sessions: SessionsTable;
  emailOutbox: EmailOutboxTable;
  channelOutbox: ChannelOutboxTable;
  channelStops: ChannelStopsTable;
  channelDailyCounts: ChannelDailyCountsTable;
  pushSubscriptions: PushSubscriptionsTable;
  loginAttempts: LoginAttemptsTable;
  captchaUsed: CaptchaUsedTable;
  requestCounters: RequestCountersTable;
  requestDueCounters: RequestDueCountersTable;
  auditLog: AuditLogTable;
  adminTwoFactor: AdminTwoFactorTable;
  adminRecoveryCodes: AdminRecoveryCodesTable;
  pendingSignIns: PendingSignInsTable;
  signInLinks: SignInLinksTable;
  replyTemplates: ReplyTemplatesTable;
  repairTargets: RepairTargetsTable;
  companyRepairTargets: CompanyRepairTargetsTable;
  requestFollowers: RequestFollowersTable;
  requestPhotos: RequestPhotosTable;
  requestRatings: RequestRatingsTable;
  open311Keys: Open311KeysTable;
  integrationKeys: IntegrationKeysTable;
  integrationChanges: IntegrationChangesTable;
  transparencyCache: TransparencyCacheTable;
  webhookEndpoints: WebhookEndpointsTable;
  webhookDeliveries: WebhookDeliveriesTable;
  crews: CrewsTable;
  workOrders: WorkOrdersTable;
  workOrderStops: WorkOrderStopsTable;
  materials: MaterialsTable;
  workOrderStopMaterials: WorkOrderStopMaterialsTable;
  crewPhotos: CrewPhotosTable;
  crewActions: CrewActionsTable;
}

export type EnergyCompany = Selectable<EnergyCompaniesTable>;
export type NewEnergyCompany = Insertable<EnergyCompaniesTable>;
export type Pole = Selectable<PolesTable>;
export type NewPole = Insertable<PolesTable>;
export type RepairRequest = Selectable<RepairRequestsTable>;
export type NewRepairRequest = Insertable<RepairRequestsTable>;
export type RepairRequestUpdate = Updateable<RepairRequestsTable>;
export type Admin = Selectable<AdminsTable>;
