import { cn } from '../../lib/cn.ts';
import { useTranslation } from '../../lib/use-translation.ts';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <span role="status" className={cn('inline-flex items-center gap-2', className)}>
      <span
        aria-hidden="true"
        className="h-5 w-5 animate-spin rounded-full border-2 border-gray-300 border-t-blue-700"
      />
      <span className="sr-only">{label ?? t('common.app.loading')}</span>
    </span>
  );
}

/** The full-screen loading overlay of the spec, 'Carregando...' by default. */
export function LoadingOverlay({ message }: { message?: string }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-3 bg-white/85"
    >
      <span
        aria-hidden="true"
        className="h-10 w-10 animate-spin rounded-full border-4 border-gray-300 border-t-blue-700"
      />
      <p className="text-lg font-medium">{message ?? t('common.app.loading')}</p>
    </div>
  );
}
