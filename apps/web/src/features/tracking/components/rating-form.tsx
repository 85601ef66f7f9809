// "Rate the repair" (issue 35, decision 0050): a completed request's 1–5 rating and optional
// comment, from the tracking link (?t=) or the completion e-mail's rating link (?r=), once; the
// thanks in its place after. In the tracking page's lazy chunk, with its texts (decision 0024).
import { RATING_ANCHOR, RATING_COMMENT_MAX, RATING_SCORES } from '@acende/shared/constants';
import { rateRepairRequestSchema } from '@acende/shared/schemas/ratings';
import type { PublicRepairRequest } from '@acende/shared/schemas/repair-requests';
import { type ReactNode, useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { SubmitButton } from '../../../components/ui/button.tsx';
import { FieldError, RequiredMark, TextAreaField } from '../../../components/ui/field.tsx';
import { fieldBinder, payloadResolver } from '../../../components/ui/form-binding.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useRateRepairRequest } from '../api/rate-repair-request.ts';
import '../lib/reopen-catalogue.ts';

interface RatingValues {
  score: string;
  comment: string;
}

/** The thanks once rated, the form on a completed request read with a link, else how to get one. */
export default function RatingSection({ request, token }: { request: PublicRepairRequest; token: string | null }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  // The tracking token unmasks the page and proves the citizen; the e-mail's rating token only rates.
  const proof = token && !request.masked ? token : params.get('r');
  useEffect(() => {
    // The e-mail's link lands here: the section arrives after the page, so the browser did not scroll to it.
    if (window.location.hash === `#${RATING_ANCHOR}`) document.getElementById(RATING_ANCHOR)?.scrollIntoView?.();
  }, []);
  let body: ReactNode;
  if (request.rating) {
    body = (
      <p role="status" className="rounded-theme border border-green-400 bg-green-50 p-3 text-green-950">
        <span className="block font-semibold">{t('public-drafts.track.rating.thanks')}</span>
        <span className="block">{t('public-drafts.track.rating.given', { score: request.rating.score })}</span>
      </p>
    );
  } else if (request.status !== 'completed') {
    return null;
  } else if (!proof) {
    body = <p className="text-sm text-gray-700">{t('public-drafts.track.rating.needsLink')}</p>;
  } else {
    body = <RatingForm id={request.id} proof={proof} readToken={token} />;
  }
  return (
    <section
      id={RATING_ANCHOR}
      aria-labelledby="rating-title"
      className="grid gap-3 rounded-theme border border-gray-300 p-4"
    >
      <h3 id="rating-title" className="font-heading font-semibold">
        {t('public-drafts.track.rating.title')}
      </h3>
      {body}
    </section>
  );
}

/** Checked with the route's own schema when sent; a refusal (already rated, no link) shows above the button. */
function RatingForm({ id, proof, readToken }: { id: number; proof: string; readToken: string | null }) {
  const { t } = useTranslation();
  const rate = useRateRepairRequest(proof, readToken);
  const fieldId = useId();
  const form = useForm<RatingValues>({
    resolver: payloadResolver(
      rateRepairRequestSchema,
      ({ score, comment }: RatingValues) => ({ token: proof, score: score ? Number(score) : undefined, comment }),
      (path) => (path === 'comment' ? 'comment' : 'score'),
    ),
    defaultValues: { score: '', comment: '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const field = fieldBinder(form, fieldId);
  const score = field('score');
  const chosen = form.watch('score');

  const onSubmit = form.handleSubmit(({ score: value, comment }) =>
    rate.mutate({ id, score: Number(value), comment: comment.trim() }),
  );

  return (
    <form onSubmit={onSubmit} className="grid gap-3" noValidate>
      <p className="text-sm text-gray-700">{t('public-drafts.track.rating.intro')}</p>
      <fieldset aria-describedby={score.error ? `${score.id}-error` : undefined} className="grid gap-2">
        <legend className="mb-1 font-medium">
          {t('public-drafts.track.rating.score')}
          <RequiredMark />
        </legend>
        <div className="grid grid-cols-[repeat(auto-fill,minmax(9rem,1fr))] gap-2">
          {RATING_SCORES.map((value) => (
            <label
              key={value}
              className={cn(
                'flex min-h-11 cursor-pointer items-center gap-2 rounded-theme border p-2',
                'has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-blue-700',
                chosen === String(value)
                  ? 'border-blue-800 bg-blue-50 font-semibold'
                  : 'border-gray-300 hover:bg-gray-50',
              )}
            >
              <input
                type="radio"
                value={String(value)}
                aria-invalid={score.error ? true : undefined}
                className="size-5 shrink-0"
                name={score.name}
                ref={score.ref}
                onChange={score.onChange}
                onBlur={score.onBlur}
              />
              <span className="min-w-0 break-words">{t(`public-drafts.track.rating.scores.${value}`)}</span>
            </label>
          ))}
        </div>
        <FieldError id={`${score.id}-error`} error={score.error} />
      </fieldset>
      <TextAreaField
        label={t('public-drafts.track.rating.comment')}
        hint={t('public-drafts.track.rating.commentHint', { max: RATING_COMMENT_MAX })}
        rows={3}
        maxLength={RATING_COMMENT_MAX}
        {...field('comment')}
      />
      {rate.isError ? (
        <p role="alert" className="rounded-theme border border-red-700 bg-red-50 p-3 text-red-900">
          {errorMessage(rate.error, t('public.toast.submit.error'))}
        </p>
      ) : null}
      <SubmitButton
        className="justify-self-start"
        pending={rate.isPending}
        pendingLabel={t('public-drafts.track.rating.submitting')}
      >
        {t('public-drafts.track.rating.submit')}
      </SubmitButton>
    </form>
  );
}
