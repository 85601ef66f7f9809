// The WhatsApp notices of a request (issue 36, decision 0062). A business may only start a
// conversation with a template Meta approved, so each notice names one of the templates in
// docs/whatsapp-templates.md, in the filer's language, with its parameters: the request's
// number and the tracking address (the rating address on completion). Each template has a
// quick-reply button, "Parar avisos" / "Stop notices", whose tap reaches the webhook as SAIR.
import type { Language, RequestStatus } from '@acende/shared/enums';

/** What the outbox keeps of a WhatsApp notice until it is sent (JSON in `body`). */
export interface WhatsappTemplateMessage {
  template: string;
  language: string;
  params: string[];
}

export const WHATSAPP_TEMPLATES = {
  request_confirmation: 'acende_recebida',
  in_progress: 'acende_em_andamento',
  completed: 'acende_concluida',
  open: 'acende_reaberta',
  cancelled: 'acende_cancelada',
} as const;

/** The payload of the templates' stop button: a tap arrives as this word. */
export const WHATSAPP_STOP_PAYLOAD = 'SAIR';

/** Meta's language codes of the templates' translations. */
const LANGUAGE_CODES: Record<Language, string> = { pt: 'pt_BR', en: 'en' };

/**
 * The approved texts ({{1}} the number, {{2}} the address): kept
 * here so the docs, the test send and the tests agree with what Meta shows the citizen.
 */
export const WHATSAPP_TEMPLATE_TEXTS: Record<Language, Record<keyof typeof WHATSAPP_TEMPLATES, string>> = {
  pt: {
    request_confirmation: 'Acende: sua solicitação nº {{1}} foi recebida. Acompanhe o reparo em {{2}}',
    in_progress: 'Acende: a solicitação nº {{1}} está em andamento. Acompanhe em {{2}}',
    completed: 'Acende: a solicitação nº {{1}} foi concluída. Conte como foi o reparo: {{2}}',
    open: 'Acende: a solicitação nº {{1}} foi reaberta. Acompanhe em {{2}}',
    cancelled: 'Acende: a solicitação nº {{1}} foi cancelada. Veja o motivo em {{2}}',
  },
  en: {
    request_confirmation: 'Acende: your request no. {{1}} was received. Follow the repair at {{2}}',
    in_progress: 'Acende: request no. {{1}} is in progress. Follow it at {{2}}',
    completed: 'Acende: request no. {{1}} was completed. Tell us how the repair went: {{2}}',
    open: 'Acende: request no. {{1}} was reopened. Follow it at {{2}}',
    cancelled: 'Acende: request no. {{1}} was cancelled. See why at {{2}}',
  },
};

/** The template message of a confirmation or a status change. */
export function whatsappNotice(
  language: Language,
  kind: 'request_confirmation' | RequestStatus,
  id: number,
  url: string,
): WhatsappTemplateMessage {
  return { template: WHATSAPP_TEMPLATES[kind], language: LANGUAGE_CODES[language], params: [String(id), url] };
}
