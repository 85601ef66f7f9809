// Each webhook event in words, with the line that says when it goes out. A new event in the
// shared list fails the type check here until it has its words.
import type { MessageKey } from '@acende/shared/i18n/message-key';
import type { WebhookEventType } from '@acende/shared/schemas/webhooks';

const P = 'admin-integrations.webhooksPage';

export const EVENT_WORDS: Record<WebhookEventType, { label: MessageKey; hint: MessageKey }> = {
  'request.filed': { label: `${P}.eventNames.filed`, hint: `${P}.eventHints.filed` },
  'request.changed': { label: `${P}.eventNames.changed`, hint: `${P}.eventHints.changed` },
  'request.transferred_in': { label: `${P}.eventNames.transferredIn`, hint: `${P}.eventHints.transferredIn` },
  'request.transferred_out': { label: `${P}.eventNames.transferredOut`, hint: `${P}.eventHints.transferredOut` },
  'request.completed': { label: `${P}.eventNames.completed`, hint: `${P}.eventHints.completed` },
  'request.rated': { label: `${P}.eventNames.rated`, hint: `${P}.eventHints.rated` },
  'work_order.done': { label: `${P}.eventNames.workOrderDone`, hint: `${P}.eventHints.workOrderDone` },
};
