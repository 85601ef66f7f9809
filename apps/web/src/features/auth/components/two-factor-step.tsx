// The sign-in's second step (decision 0026): the six digits from the authenticator app, or
// one of the recovery codes instead. An expired or refused waiting sign-in goes back to
// the password step.
import { type TwoFactorSignIn, twoFactorSignInSchema } from '@acende/shared/schemas/two-factor';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, SubmitButton } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { fieldBinder } from '../../../components/ui/form-binding.ts';
import { toast } from '../../../components/ui/toast.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useLoginTwoFactor } from '../api/login.ts';

export function TwoFactorStep({ onStartOver }: { onStartOver: () => void }) {
  const { t } = useTranslation();
  const verify = useLoginTwoFactor();
  const [recovery, setRecovery] = useState(false);
  const form = useForm<TwoFactorSignIn>({
    resolver: zodResolver(twoFactorSignInSchema, undefined, { raw: true }) as never,
    defaultValues: { code: '' },
  });
  const field = fieldBinder(form, recovery ? 'login-recovery' : 'login-code');

  const onSubmit = form.handleSubmit((values) =>
    verify.mutate(values, {
      onError: (error) => {
        toast({
          title: t('admin-access.login.failed'),
          description: errorMessage(error, t('admin-access.login.invalid')),
          variant: 'destructive',
        });
        // 400: the waiting sign-in is gone (expired or used); the password comes first again.
        if (error instanceof ApiError && error.status === 400 && !error.fieldErrors) onStartOver();
        else form.setFocus('code');
      },
    }),
  );

  const toggle = () => {
    form.reset({ code: '' });
    setRecovery((value) => !value);
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <p>{recovery ? t('admin-access.login.recoveryHint') : t('admin-access.login.twoFactorHint')}</p>
      {recovery ? (
        <TextField
          key="recovery"
          label={t('admin-access.login.recoveryCode')}
          kind="verbatim"
          autoFocus
          {...field('code')}
        />
      ) : (
        <TextField
          key="code"
          label={t('admin-access.login.code')}
          kind="one-time-code"
          maxLength={7}
          autoFocus
          {...field('code')}
        />
      )}
      <SubmitButton pending={verify.isPending} pendingLabel={t('admin-access.login.verifying')}>
        {t('admin-access.login.verify')}
      </SubmitButton>
      <Button variant="link" onClick={toggle}>
        {recovery ? t('admin-access.login.useApp') : t('admin-access.login.useRecovery')}
      </Button>
      <Button variant="link" onClick={onStartOver}>
        {t('admin-access.login.startOver')}
      </Button>
    </form>
  );
}
