// The request's notices by SMS, WhatsApp and push (issue 36), under its contact: the channel,
// what each was, its state (waiting, sent, given up, stopped by the citizen) and when; never
// the number or the text.
import type { ChannelMessage } from '@acende/shared/schemas/admin-requests';
import { formatDateTime } from '../../../components/requests/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

export function RequestMessages({ messages }: { messages: ChannelMessage[] | undefined }) {
  const { t, i18n } = useTranslation();
  if (!messages || messages.length === 0) return null;
  return (
    <div className="mt-4 grid gap-2">
      <h3 id="messages-title" className="font-heading text-lg font-semibold">
        {t('admin-operations.operations.detail.messages.title')}
      </h3>
      <ul aria-labelledby="messages-title" data-testid="request-messages" className="grid gap-1">
        {messages.map((message) => (
          <li key={message.id} className="flex flex-wrap gap-x-2">
            <span className="font-medium">
              {t(`admin-operations.operations.detail.messages.channel.${message.channel}`)}
            </span>
            <span>·</span>
            <span>
              {t(
                `admin-operations.operations.detail.messages.kind.${message.kind === 'request_confirmation' ? 'confirmation' : 'status'}`,
              )}
            </span>
            <span>·</span>
            <span>{t(`admin-operations.operations.detail.messages.status.${message.status}`)}</span>
            <span className="text-gray-700">{formatDateTime(message.sentAt ?? message.createdAt, i18n.language)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
