// Where a transfer may go (decision 0030): an existing, active company; used by the single
// transfer and checked once before a bulk one.
import type { AppDeps } from '../../app-deps.ts';
import { findCompanyForTransfer } from '../../core/requests/request-updates.repository.ts';
import type { Trx } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';

/** The company a transfer goes to: it must exist and be active, else a 400 on `companyId`. */
export async function findTransferTarget(db: AppDeps['db'] | Trx, companyId: number) {
  const company = await findCompanyForTransfer(db, companyId);
  if (!company) {
    throw new AppError('admin-operations.validation.transfer.companyInvalid', 400, undefined, {
      companyId: 'admin-operations.validation.transfer.companyInvalid',
    });
  }
  if (company.active !== 1) {
    throw new AppError('admin-operations.validation.transfer.companyInactive', 400, undefined, {
      companyId: 'admin-operations.validation.transfer.companyInactive',
    });
  }
  return company;
}
