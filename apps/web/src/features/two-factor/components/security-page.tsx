// /admin/security: the account's two-factor sign-in (decision 0026). Off: start (QR code and
// the key as text), confirm with a code, then the ten recovery codes, shown once. On: how
// many recovery codes are left, and turning it off with a code or the password. When the
// site requires it, the admin shell sends an admin without it here and nowhere else.
import {
  type ConfirmTwoFactor,
  confirmTwoFactorSchema,
  type DisableTwoFactor,
  disableTwoFactorSchema,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@acende/shared/schemas/two-factor';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, SubmitButton } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { fieldBinder } from '../../../components/ui/form-binding.ts';
import { QueryPage } from '../../../components/ui/page-shell.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import {
  useConfirmTwoFactor,
  useDisableTwoFactor,
  useStartTwoFactorSetup,
  useTwoFactorStatus,
} from '../api/two-factor.ts';

export default function SecurityPage() {
  const { t } = useTranslation();
  const status = useTwoFactorStatus();
  // Kept here, above the status: confirming turns the status to "on", and the codes must stay in view until dismissed.
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  return (
    <QueryPage
      title={t('admin-access.twoFactor.title')}
      className="max-w-2xl gap-6"
      query={status}
      errorMessage={errorMessage(status.error, t('admin-access.twoFactor.error'))}
      retryLabel={t('admin-access.users.retry')}
    >
      {(current) => (
        <section aria-labelledby="two-factor-heading" className="grid gap-4">
          <h2 id="two-factor-heading" className="font-heading text-xl font-bold">
            {t('admin-access.twoFactor.heading')}
          </h2>
          <p>{t('admin-access.twoFactor.intro')}</p>
          {recoveryCodes ? (
            <RecoveryCodesPanel codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
          ) : current.enabled ? (
            <EnabledPanel status={current} />
          ) : (
            <EnrolPanel status={current} onEnabled={setRecoveryCodes} />
          )}
        </section>
      )}
    </QueryPage>
  );
}

function EnrolPanel({ status, onEnabled }: { status: TwoFactorStatus; onEnabled: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const start = useStartTwoFactorSetup();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);

  const begin = () =>
    start.mutate(undefined, {
      onSuccess: setSetup,
      onError: (error) =>
        toast({
          title: t('admin-access.twoFactor.error'),
          description: errorMessage(error, ''),
          variant: 'destructive',
        }),
    });

  return (
    <div className="grid gap-4">
      {status.required ? (
        <p role="alert" className="rounded-theme border border-amber-700 bg-amber-50 p-3 text-amber-950">
          {t('admin-access.twoFactor.required')}
        </p>
      ) : (
        <p>{t('admin-access.twoFactor.statusOff')}</p>
      )}
      {setup ? (
        <ConfirmForm setup={setup} onEnabled={onEnabled} />
      ) : (
        <Button onClick={begin} disabled={start.isPending} className="justify-self-start">
          {start.isPending ? t('admin-access.twoFactor.starting') : t('admin-access.twoFactor.start')}
        </Button>
      )}
    </div>
  );
}

function ConfirmForm({ setup, onEnabled }: { setup: TwoFactorSetup; onEnabled: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const confirm = useConfirmTwoFactor();
  const form = useForm<ConfirmTwoFactor>({
    resolver: zodResolver(confirmTwoFactorSchema, undefined, { raw: true }) as never,
    defaultValues: { code: '', password: '' },
  });
  const field = fieldBinder(form, id);
  const onSubmit = form.handleSubmit((values) =>
    confirm.mutate(values, {
      onSuccess: ({ recoveryCodes }) => {
        toast({ title: t('admin-access.twoFactor.enabled'), variant: 'success' });
        onEnabled(recoveryCodes);
      },
      onError: (error) => {
        applyServerErrors(error, form.setError, ['code', 'password']);
        toast({
          title: t('admin-access.twoFactor.error'),
          description: errorMessage(error, ''),
          variant: 'destructive',
        });
      },
    }),
  );
  const qrSrc = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`;

  return (
    <div className="grid gap-4">
      <p>{t('admin-access.twoFactor.scan')}</p>
      <img
        src={qrSrc}
        alt={t('admin-access.twoFactor.qrAlt')}
        width={200}
        height={200}
        className="border border-gray-300 bg-white"
      />
      <TextField
        id={`${id}-secret`}
        label={t('admin-access.twoFactor.secretLabel')}
        kind="verbatim"
        value={setup.secret}
        readOnly
        className="font-mono"
      />
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <TextField
          label={t('admin-access.twoFactor.confirmCode')}
          kind="one-time-code"
          maxLength={7}
          {...field('code')}
        />
        <TextField
          label={t('admin-access.twoFactor.confirmPassword')}
          kind="current-password"
          required
          {...field('password')}
        />
        <SubmitButton
          pending={confirm.isPending}
          pendingLabel={t('admin-access.twoFactor.confirming')}
          className="justify-self-start"
        >
          {t('admin-access.twoFactor.confirm')}
        </SubmitButton>
      </form>
    </div>
  );
}

function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="recovery-heading" className="grid gap-3 rounded-theme border border-gray-400 p-4">
      <h3 id="recovery-heading" className="font-heading text-lg font-bold">
        {t('admin-access.twoFactor.recoveryTitle')}
      </h3>
      <p>{t('admin-access.twoFactor.recoveryIntro')}</p>
      <ul aria-labelledby="recovery-heading" className="grid grid-cols-1 gap-1 font-mono sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Button onClick={onDone} className="justify-self-start">
        {t('admin-access.twoFactor.recoveryDone')}
      </Button>
    </section>
  );
}

function EnabledPanel({ status }: { status: TwoFactorStatus }) {
  const { t } = useTranslation();
  const id = useId();
  const disable = useDisableTwoFactor();
  const form = useForm<DisableTwoFactor>({
    resolver: zodResolver(disableTwoFactorSchema, undefined, { raw: true }) as never,
    defaultValues: { code: '', password: '' },
  });
  const field = fieldBinder(form, id);
  const onSubmit = form.handleSubmit((values) =>
    disable.mutate(
      { code: values.code || undefined, password: values.password || undefined },
      {
        onSuccess: () => {
          form.reset({ code: '', password: '' });
          toast({ title: t('admin-access.twoFactor.disabled'), variant: 'success' });
        },
        onError: (error) => {
          applyServerErrors(error, form.setError, ['code', 'password']);
          toast({
            title: t('admin-access.twoFactor.error'),
            description: errorMessage(error, ''),
            variant: 'destructive',
          });
        },
      },
    ),
  );

  return (
    <div className="grid gap-4">
      <p role="status">{t('admin-access.twoFactor.statusOn', { count: status.recoveryCodesLeft })}</p>
      {status.required ? null : (
        <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-labelledby={`${id}-heading`}>
          <h3 id={`${id}-heading`} className="font-heading text-lg font-bold">
            {t('admin-access.twoFactor.disableHeading')}
          </h3>
          <p>{t('admin-access.twoFactor.disableHint')}</p>
          <TextField
            label={t('admin-access.twoFactor.disableCode')}
            kind="one-time-code"
            maxLength={7}
            {...field('code')}
          />
          <TextField label={t('admin-access.twoFactor.password')} kind="current-password" {...field('password')} />
          <SubmitButton
            pending={disable.isPending}
            pendingLabel={t('admin-access.twoFactor.disabling')}
            variant="danger"
            className="justify-self-start"
          >
            {t('admin-access.twoFactor.disable')}
          </SubmitButton>
        </form>
      )}
    </div>
  );
}
