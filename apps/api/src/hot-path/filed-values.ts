// What a public filing stores (issue 40): its values, each with its PostgreSQL type for the
// batched insert's arrays, and their named slots for the statements.
import type { NewRepairRequest } from '../db/schema.ts';
import { slot } from './statements.ts';

/** What the public create stores; the rest of the row takes its defaults. */
export type PublicRequestValues = Required<
  Pick<
    NewRepairRequest,
    | 'name'
    | 'email'
    | 'phone'
    | 'address'
    | 'reference'
    | 'problemType'
    | 'latitude'
    | 'longitude'
    | 'companyId'
    | 'poleId'
    | 'poleNumber'
    | 'district'
    | 'city'
    | 'areaRetryAt'
    | 'language'
    | 'smsTo'
    | 'whatsappTo'
    | 'mediaUrl'
    | 'trackingTokenHash'
    | 'idempotencyKeyHash'
    | 'idempotencyHash'
    | 'createdAt'
  >
>;

/** Each stored value of a filing with its PostgreSQL type, for the batched insert's arrays. */
export const FILED_TYPES = {
  name: 'text',
  email: 'text',
  phone: 'text',
  address: 'text',
  reference: 'text',
  problemType: 'text',
  latitude: 'text',
  longitude: 'text',
  companyId: 'int',
  poleId: 'int',
  poleNumber: 'text',
  district: 'text',
  city: 'text',
  areaRetryAt: 'text',
  language: 'text',
  smsTo: 'text',
  whatsappTo: 'text',
  mediaUrl: 'text',
  trackingTokenHash: 'text',
  idempotencyKeyHash: 'text',
  idempotencyHash: 'text',
  createdAt: 'text',
} as const satisfies Record<keyof PublicRequestValues, 'text' | 'int'>;

export const FILED_COLUMNS = Object.keys(FILED_TYPES) as (keyof PublicRequestValues)[];

export const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** Named slots for every filed value: `{ name: slot('name'), … }`. */
export const filedSlots = () =>
  Object.fromEntries(FILED_COLUMNS.map((column) => [column, slot(column)])) as unknown as PublicRequestValues;
