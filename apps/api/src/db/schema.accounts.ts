// The tables of operators' accounts and signing in: sessions, attempts, the second factor,
// sign-in links and Open311 clients' keys (db/schema.ts).
import type { Generated } from 'kysely';

export interface AdminsTable {
  id: Generated<number>;
  username: string;
  passwordHash: string;
  name: string;
  email: string | null;
  role: Generated<string>;
  active: Generated<number>;
  language: Generated<string>;
  resetTokenHash: string | null;
  resetTokenExpiry: string | null;
  /** The crew a 'crew' account belongs to (0061, decision 0068); null for every other role. */
  crewId: Generated<number | null>;
  createdAt: string;
  updatedAt: string;
}

export interface AdminCompaniesTable {
  adminId: number;
  companyId: number;
  createdAt: string;
}

export interface SessionsTable {
  idHash: string;
  adminId: number;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  userAgent: string | null;
  ip: string | null;
}

/** Sign-in attempts per key within a fixed window (migration 0020); see login-throttle.ts. */
export interface LoginAttemptsTable {
  key: string;
  count: number;
  expiresAt: string;
}

/** An account's TOTP second factor (0031); enabledAt null while enrolment awaits its code. */
export interface AdminTwoFactorTable {
  adminId: number;
  secretSealed: string;
  enabledAt: string | null;
  lastStep: number | null;
  createdAt: string;
}

/** One-time recovery codes (0031), SHA-256 hashed; usedAt set once used. */
export interface AdminRecoveryCodesTable {
  adminId: number;
  codeHash: string;
  usedAt: string | null;
}

/** Sign-ins whose password was right, waiting for the second factor (0031); the token is stored hashed. */
export interface PendingSignInsTable {
  idHash: string;
  adminId: number;
  expiresAt: string;
}

/** An account's one-time sign-in link (0045, decision 0042); the token stored hashed, null once spent. */
export interface SignInLinksTable {
  adminId: number;
  tokenHash: string | null;
  expiresAt: string;
  sentAt: string;
}

/** An Open311 client's API key (0042, decision 0038): only its hash and first characters are kept. */
export interface Open311KeysTable {
  id: Generated<number>;
  name: string;
  keyHash: string;
  keyPrefix: string;
  createdById: number | null;
  createdAt: string;
  revokedAt: string | null;
  lastUsedAt: string | null;
}

/** A company's own system's key (0059, decision 0066): only its hash and first characters are kept. */
export interface IntegrationKeysTable {
  id: Generated<number>;
  companyId: number;
  name: string;
  keyHash: string;
  keyPrefix: string;
  createdById: number | null;
  createdAt: string;
  revokedAt: string | null;
  lastUsedAt: string | null;
}

/** A change made with an integration key, by its Idempotency-Key (0059): the first answer, replayed. */
export interface IntegrationChangesTable {
  id: Generated<number>;
  keyId: number;
  idempotencyKeyHash: string;
  bodyHash: string;
  requestId: number;
  statusCode: number;
  answer: string;
  createdAt: string;
}
