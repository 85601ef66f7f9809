// The e-mails the service sends (confirmation, status update, transfer, follower's, duplicate,
// password reset, test) as blocks in the reader's language. email.render.ts writes them as
// subject, text and HTML, so nothing a citizen types can change the markup, add a header or
// fake a line of the e-mail (decision 0043).
import { formatDueDate } from '@acende/shared/citizen-deadline';
import type { Language, ProblemType, RequestStatus } from '@acende/shared/enums';
import { translate } from '@acende/shared/i18n/catalogues';
import type { MessageKey } from '@acende/shared/i18n/message-key';
import { type Block, type RenderedEmail, render } from './email.render.ts';

/** The unsubscribe line every e-mail to a citizen ends with (decision 0034), when it has a link. */
const unsubscribe = (url: string | undefined): Block[] => (url ? [{ kind: 'unsubscribe', url }] : []);

const greeting = (
  prefix:
    | 'email.email.confirmation'
    | 'email.email.statusUpdate'
    | 'email.email.transfer'
    | 'followers.email.duplicate',
  name: string | null | undefined,
): Block =>
  name?.trim()
    ? { kind: 'p', key: `${prefix}.greeting`, params: { name: name.trim() } }
    : { kind: 'p', key: `${prefix}.greetingNoName` };

export interface ConfirmationData {
  id: number;
  name: string | null;
  phone: string;
  address: string;
  reference: string | null;
  problemType: ProblemType;
  companyName: string;
  /** When the repair is due (decision 0052): the e-mail names its day; null or absent, no line. */
  dueAt?: string | null;
  trackingUrl: string;
  unsubscribeUrl?: string;
}

export function renderConfirmation(language: Language, data: ConfirmationData): RenderedEmail {
  const t = (key: MessageKey) => translate(language, key);
  const rows: [string, string][] = [
    [t('email.email.confirmation.number'), String(data.id)],
    [t('email.email.confirmation.phone'), data.phone],
    [t('email.email.confirmation.address'), data.address],
  ];
  if (data.reference) rows.push([t('email.email.confirmation.reference'), data.reference]);
  rows.push(
    [t('email.email.confirmation.problemType'), t(`common.problemType.${data.problemType}`)],
    [t('email.email.confirmation.company'), data.companyName],
  );
  return render(language, 'email.email.confirmation.subject', { id: data.id }, [
    greeting('email.email.confirmation', data.name),
    { kind: 'p', key: 'email.email.confirmation.intro', params: { id: data.id } },
    ...(data.dueAt
      ? [
          {
            kind: 'p',
            key: 'email.email.confirmation.expected',
            params: { date: formatDueDate(data.dueAt, language) },
          } as const,
        ]
      : []),
    { kind: 'fields', title: t('email.email.confirmation.details'), rows },
    {
      kind: 'link',
      intro: t('email.email.confirmation.trackIntro'),
      label: t('email.email.confirmation.trackButton'),
      url: data.trackingUrl,
    },
    { kind: 'p', key: 'email.email.confirmation.keepLink' },
    ...unsubscribe(data.unsubscribeUrl),
  ]);
}

export interface StatusUpdateData {
  id: number;
  name: string | null;
  status: RequestStatus;
  notes: string | null;
  trackingUrl: string;
  /** The completion's "rate the repair" link (decision 0050); only the filer's completion e-mail has one. */
  ratingUrl?: string;
  unsubscribeUrl?: string;
}

export function renderStatusUpdate(language: Language, data: StatusUpdateData): RenderedEmail {
  const t = (key: MessageKey) => translate(language, key);
  const status = t(`common.status.${data.status}`);
  const blocks: Block[] = [
    greeting('email.email.statusUpdate', data.name),
    { kind: 'p', key: 'email.email.statusUpdate.intro', params: { id: data.id, status } },
  ];
  if (data.notes?.trim())
    blocks.push({ kind: 'notes', title: t('email.email.statusUpdate.notes'), value: data.notes.trim() });
  blocks.push({
    kind: 'link',
    intro: t('email.email.statusUpdate.trackIntro'),
    label: t('email.email.statusUpdate.trackButton'),
    url: data.trackingUrl,
  });
  if (data.ratingUrl)
    blocks.push({
      kind: 'link',
      intro: t('email.email.statusUpdate.rateIntro'),
      label: t('email.email.statusUpdate.rateButton'),
      url: data.ratingUrl,
    });
  blocks.push(...unsubscribe(data.unsubscribeUrl));
  return render(language, 'email.email.statusUpdate.subject', { id: data.id, status }, blocks);
}

export interface TransferData {
  id: number;
  name: string | null;
  status: RequestStatus;
  companyName: string;
  reason: string;
  trackingUrl: string;
  unsubscribeUrl?: string;
}

/** The notice that a request went to another company ("not ours"), with the operator's reason. */
export function renderTransfer(language: Language, data: TransferData): RenderedEmail {
  const t = (key: MessageKey) => translate(language, key);
  const params = { id: data.id, company: data.companyName, status: t(`common.status.${data.status}`) };
  return render(language, 'email.email.transfer.subject', params, [
    greeting('email.email.transfer', data.name),
    { kind: 'p', key: 'email.email.transfer.intro', params },
    { kind: 'notes', title: t('email.email.transfer.reason'), value: data.reason.trim() },
    {
      kind: 'link',
      intro: t('email.email.transfer.trackIntro'),
      label: t('email.email.transfer.trackButton'),
      url: data.trackingUrl,
    },
    ...unsubscribe(data.unsubscribeUrl),
  ]);
}

/** To a citizen who just followed a request (decision 0034): no notes, no contact, only its number. */
export function renderFollowConfirmation(
  language: Language,
  data: { id: number; trackingUrl: string; unsubscribeUrl: string },
): RenderedEmail {
  const t = (key: MessageKey) => translate(language, key);
  return render(language, 'followers.email.follow.subject', { id: data.id }, [
    { kind: 'p', key: 'followers.email.follow.intro', params: { id: data.id } },
    {
      kind: 'link',
      intro: t('followers.email.follow.trackIntro'),
      label: t('followers.email.follow.trackButton'),
      url: data.trackingUrl,
    },
    ...unsubscribe(data.unsubscribeUrl),
  ]);
}

/** A followed request's new status, to a follower: the operator's notes are the filer's only. */
export function renderFollowerStatusUpdate(
  language: Language,
  data: { id: number; status: RequestStatus; trackingUrl: string; unsubscribeUrl: string },
): RenderedEmail {
  const t = (key: MessageKey) => translate(language, key);
  const status = t(`common.status.${data.status}`);
  return render(language, 'followers.email.followerStatus.subject', { id: data.id, status }, [
    { kind: 'p', key: 'followers.email.followerStatus.intro', params: { id: data.id, status } },
    {
      kind: 'link',
      intro: t('followers.email.followerStatus.trackIntro'),
      label: t('followers.email.followerStatus.trackButton'),
      url: data.trackingUrl,
    },
    ...unsubscribe(data.unsubscribeUrl),
  ]);
}

/** To the filer of a request marked as a duplicate: it was merged, and they now follow the original. */
export function renderDuplicateNotice(
  language: Language,
  data: { id: number; name: string | null; originalId: number; trackingUrl: string; unsubscribeUrl: string },
): RenderedEmail {
  const t = (key: MessageKey) => translate(language, key);
  const params = { id: data.id, original: data.originalId };
  return render(language, 'followers.email.duplicate.subject', params, [
    greeting('followers.email.duplicate', data.name),
    { kind: 'p', key: 'followers.email.duplicate.intro', params },
    { kind: 'p', key: 'followers.email.duplicate.follow', params },
    {
      kind: 'link',
      intro: t('followers.email.duplicate.trackIntro'),
      label: t('followers.email.duplicate.trackButton'),
      url: data.trackingUrl,
    },
    ...unsubscribe(data.unsubscribeUrl),
  ]);
}

export function renderPasswordReset(
  language: Language,
  data: { name: string; username: string; resetUrl: string },
): RenderedEmail {
  const t = (key: MessageKey) => translate(language, key);
  return render(language, 'email.email.passwordReset.subject', {}, [
    { kind: 'p', key: 'email.email.passwordReset.greeting', params: { name: data.name } },
    { kind: 'p', key: 'email.email.passwordReset.intro', params: { username: data.username } },
    {
      kind: 'link',
      intro: t('email.email.passwordReset.linkIntro'),
      label: t('email.email.passwordReset.action'),
      url: data.resetUrl,
    },
    { kind: 'p', key: 'email.email.passwordReset.validity' },
    { kind: 'p', key: 'email.email.passwordReset.ignore' },
  ]);
}

export function renderTestEmail(
  language: Language,
  data: { host: string; port: number; secure: boolean },
): RenderedEmail {
  const t = (key: MessageKey) => translate(language, key);
  return render(language, 'email.email.test.subject', {}, [
    { kind: 'p', key: 'email.email.test.intro' },
    {
      kind: 'fields',
      title: t('email.email.appName'),
      rows: [
        [t('email.email.test.server'), data.host],
        [t('email.email.test.port'), String(data.port)],
        [t('email.email.test.secure'), data.secure ? t('email.email.test.yes') : t('email.email.test.no')],
      ],
    },
  ]);
}
