// The shape every badge shares (status, deadline, reopened, pole): one line in a table on a
// wide screen, but below 640 px, in a card's narrow value column, it wraps inside the card
// ("Prazo pausado (cancelada)" spilled out of it at 360 px) with corners that suit two lines.
export const BADGE_SHAPE =
  'inline-block max-w-full rounded-lg border px-2 py-0.5 text-sm font-medium break-words sm:rounded-full sm:whitespace-nowrap';
