// A channel settings screen's test send (issue 36): a number the admin types, the language of
// the test message, and the provider's answer as a toast. The SMS and WhatsApp screens share it.
import type { Language } from '@acende/shared/enums';
import type { MessageKey } from '@acende/shared/i18n/message-key';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../lib/api-client.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { SubmitButton } from '../ui/button.tsx';
import { SelectField, TextField } from '../ui/field.tsx';
import { toast } from '../ui/toast.tsx';

export interface TestSendLabels {
  title: MessageKey;
  intro?: MessageKey;
  to: MessageKey;
  language: MessageKey;
  send: MessageKey;
  sending: MessageKey;
  failed: MessageKey;
  required: MessageKey;
}

export function TestSendForm({
  id,
  labels,
  send,
}: {
  /** Prefix of the form's ids (`sms`, `whatsapp`). */
  id: string;
  labels: TestSendLabels;
  send: UseMutationResult<{ message: string }, unknown, { to: string; language: Language }>;
}) {
  const { t } = useTranslation();
  const [to, setTo] = useState('');
  const [language, setLanguage] = useState<Language>(currentLanguage());
  const [error, setError] = useState<string>();
  return (
    <form
      noValidate
      aria-labelledby={`${id}-test`}
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (to.trim() === '') {
          setError(labels.required);
          return;
        }
        setError(undefined);
        send.mutate(
          { to, language },
          {
            onSuccess: (answer) => toast({ title: answer.message, variant: 'success' }),
            onError: (failure) => toast({ title: errorMessage(failure, t(labels.failed)), variant: 'destructive' }),
          },
        );
      }}
    >
      <h2 id={`${id}-test`} className="font-heading text-lg font-semibold">
        {t(labels.title)}
      </h2>
      {labels.intro ? <p>{t(labels.intro)}</p> : null}
      <TextField
        id={`${id}-test-to`}
        label={t(labels.to)}
        type="tel"
        inputMode="tel"
        value={to}
        error={error}
        onChange={(event) => setTo(event.target.value)}
      />
      <SelectField
        id={`${id}-test-language`}
        label={t(labels.language)}
        value={language}
        onChange={(event) => setLanguage(event.target.value as Language)}
        choices={[
          { value: 'pt', label: 'Português' },
          { value: 'en', label: 'English' },
        ]}
      />
      <SubmitButton pending={send.isPending} pendingLabel={t(labels.sending)} className="justify-self-start">
        {t(labels.send)}
      </SubmitButton>
    </form>
  );
}
