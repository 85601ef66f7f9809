// Switching a listed thing off and on (a crew, a material): the change, the saved status line
// naming it, and a toast with the server's words when refused.
import type { MessageKey } from '@acende/shared/i18n/message-key';
import type { UseMutationResult } from '@tanstack/react-query';
import { errorMessage } from '../../lib/api-client.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { announceSaved } from '../ui/save-status.tsx';
import { toast } from '../ui/toast.tsx';

interface Switchable {
  id: number;
  name: string;
  active: boolean;
}

/** `update` is the thing's PATCH, whose other fields are optional. */
export function useSwitchActive<T extends Switchable, Patch extends { id: number; active?: boolean }>(
  update: UseMutationResult<T, Error, Patch>,
  words: { switchedOn: MessageKey; switchedOff: MessageKey; changeError: MessageKey },
) {
  const { t } = useTranslation();
  return (item: T) =>
    update.mutate({ id: item.id, active: !item.active } as Patch, {
      onSuccess: (saved: T) =>
        announceSaved(t(saved.active ? words.switchedOn : words.switchedOff, { name: saved.name })),
      onError: (error: unknown) =>
        toast({
          title: t(words.changeError),
          description: errorMessage(error, t('common.errors.generic')),
          variant: 'destructive',
        }),
    });
}
