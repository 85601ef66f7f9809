// The browser notices of a request (issue 36, decision 0063), in the language the citizen's
// browser subscribed in: a title naming the request and one line on its new status. The
// notification opens `url` (the tracking page, or the rating page on completion); `tag` makes a
// newer notice of the same request replace the one still shown.
import type { Language, RequestStatus } from '@acende/shared/enums';

export interface PushNotice {
  title: string;
  body: string;
  url: string;
  tag: string;
}

const texts = {
  pt: {
    title: (id: number) => `Solicitação nº ${id}`,
    open: 'Sua solicitação foi reaberta. Toque para acompanhar.',
    in_progress: 'O reparo está em andamento. Toque para acompanhar.',
    completed: 'O reparo foi concluído. Toque para avaliar o serviço.',
    cancelled: 'A solicitação foi cancelada. Toque para ver o motivo.',
    testTitle: 'Acende: aviso de teste',
    test: 'Os avisos neste navegador funcionam.',
  },
  en: {
    title: (id: number) => `Request no. ${id}`,
    open: 'Your request was reopened. Tap to follow it.',
    in_progress: 'The repair is in progress. Tap to follow it.',
    completed: 'The repair was completed. Tap to rate it.',
    cancelled: 'The request was cancelled. Tap to see why.',
    testTitle: 'Acende: a test notice',
    test: 'Notices in this browser work.',
  },
} as const;

/** A status change: `url` is the tracking address, or the rating address on completion. */
export function pushStatusNotice(language: Language, id: number, status: RequestStatus, url: string): PushNotice {
  const words = texts[language];
  return { title: words.title(id), body: words[status], url, tag: `acende-request-${id}` };
}

/** The admin's test notice, opening the site's home page. */
export function pushTestNotice(language: Language, url: string): PushNotice {
  const words = texts[language];
  return { title: words.testTitle, body: words.test, url, tag: 'acende-test' };
}
