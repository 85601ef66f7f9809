// Where a status change reaches the channels beside e-mail (issue 36): each channel queues its
// notice in the caller's transaction, only for a filer who asked for that channel. Called from
// e-mail's status notice and from duplicate marking, so every status change passes here once.
import type { RequestStatus } from '@acende/shared/enums';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/database.ts';
import { queueStatusPhoneNotice } from './phone-notices.ts';
import { queueStatusPush } from './push.service.ts';

export interface ChannelStatusChange {
  fromStatus: string | null;
  toStatus: RequestStatus;
}

/** Queues the status change's SMS, WhatsApp and push notices the filer asked for. */
export async function queueStatusNotices(
  trx: Db,
  deps: AppDeps,
  requestId: number,
  change: ChannelStatusChange,
): Promise<void> {
  if (change.fromStatus === change.toStatus) return;
  await queueStatusPhoneNotice(trx, deps, 'sms', requestId, change);
  await queueStatusPhoneNotice(trx, deps, 'whatsapp', requestId, change);
  await queueStatusPush(trx, deps, requestId, change);
}
