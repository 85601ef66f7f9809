import type { CreateRepairRequestInput, CreateRepairRequestResponse } from '@acende/shared/schemas/repair-requests';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export interface CreateRepairRequestVariables {
  input: CreateRepairRequestInput;
  /** The same key on a retry lets the server answer with the request it already filed. */
  idempotencyKey: string;
}

export const createRepairRequest = ({ input, idempotencyKey }: CreateRepairRequestVariables) =>
  apiRequest<CreateRepairRequestResponse>('POST', '/api/repair-requests', input, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export function useCreateRepairRequest() {
  return useMutation({ mutationFn: createRepairRequest });
}
