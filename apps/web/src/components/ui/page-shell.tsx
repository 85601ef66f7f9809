// A screen's frame: its title (the h1, and with the app's name the document's), a line
// under it, actions beside it, then its content; QueryState shows the spinner while the
// content's data loads and the load error with a retry when it did not.
import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { LoadError } from './load-error.tsx';
import { Spinner } from './spinner.tsx';

export interface PageShellProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title: string;
  /** Under the title. */
  description?: ReactNode;
  /** Above the title (a link back). */
  above?: ReactNode;
  /** Beside the title (a button to add, the export actions). */
  actions?: ReactNode;
  /** The page's width and spacing: `gap-4` when not given. */
  className?: string;
}

export function PageShell({ title, description, above, actions, className, children, ...section }: PageShellProps) {
  usePageTitle(title);
  return (
    <section className={cn('grid', className ?? 'gap-4')} {...section}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="grid gap-1">
          {above}
          <h1 className="font-heading text-2xl font-bold">{title}</h1>
          {description ? <p className="text-gray-700">{description}</p> : null}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}

export interface Loadable<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

export interface QueryStateProps<T> {
  query: Loadable<T>;
  errorMessage: string;
  retryLabel: string;
  /** What the spinner says to a screen reader ("Carregando..." when not given). */
  loadingLabel?: string;
  children: (data: T) => ReactNode;
}

/** A screen that is one query's data: its frame, then the data's loading and error states. */
export function QueryPage<T>({
  query,
  errorMessage,
  retryLabel,
  loadingLabel,
  children,
  ...shell
}: Omit<PageShellProps, 'children'> & QueryStateProps<T>) {
  return (
    <PageShell {...shell}>
      <QueryState query={query} errorMessage={errorMessage} retryLabel={retryLabel} loadingLabel={loadingLabel}>
        {children}
      </QueryState>
    </PageShell>
  );
}

/**
 * The spinner while `query` first loads, the load error with a retry when it failed, and
 * `children` with its data once there is some (kept beside the error when a refetch fails).
 */
export function QueryState<T>({ query, errorMessage, retryLabel, loadingLabel, children }: QueryStateProps<T>) {
  return (
    <>
      {query.isPending ? <Spinner label={loadingLabel} /> : null}
      {query.isError ? (
        <LoadError message={errorMessage} retryLabel={retryLabel} onRetry={() => void query.refetch()} />
      ) : null}
      {query.data === undefined ? null : children(query.data)}
    </>
  );
}
