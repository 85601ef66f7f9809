// Business constants of the product spec, section 9. Change them here, nowhere else.
export const WIZARD_STEPS = 3;
/**
 * How full the wizard's bar is at step x of y: x/y of 100, so the bar agrees with "step x of y"
 * beside it; past the last step (the success screen) it is full. Issue 35 replaced the spec's
 * (step-1)/3, which read 0% on step 1.
 */
export function wizardProgress(step: number, total: number = WIZARD_STEPS): number {
  return Math.round((Math.min(step, total) / total) * 100);
}

/** The largest request, company or user number: a 32-bit signed integer, as PostgreSQL stores them. */
export const MAX_ID = 2_147_483_647;

export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
export const PASSWORD_MIN_LENGTH = 6;

export const EMAIL_DEFAULT_PORT = 587;
export const EMAIL_SECURE_PORT = 465;
export const EMAIL_DEFAULT_SECURE = false;
export const EMAIL_DEFAULT_ENABLED = false;
export const CAPTCHA_DEFAULT_ENABLED = true;

export const AUTOCOMPLETE_MIN_CHARS = 3;
export const AUTOCOMPLETE_DEBOUNCE_MS = 500;
export const ADDRESS_SEARCH_LIMIT = 5;
export const ADDRESS_DISPLAY_MAX = 60;
/** Cuts a long address to 60 characters plus an ellipsis, as the search box shows it. */
export function truncateAddress(address: string, max = ADDRESS_DISPLAY_MAX): string {
  return address.length > max ? `${address.slice(0, max)}...` : address;
}

export const MAP_HEIGHT_PX = 250;
export const MAP_ZOOM_INITIAL = 15;
export const MAP_ZOOM_RESULT = 16;
export const GEOLOCATION_TIMEOUT_MS = 10_000;
export const COORDINATE_FALLBACK_DECIMALS = 6;
/** The address shown when a reverse lookup fails: six decimals, as the spec says. */
export function coordinateFallbackAddress(lat: number, lon: number): string {
  return `Latitude: ${lat.toFixed(COORDINATE_FALLBACK_DECIMALS)}, Longitude: ${lon.toFixed(COORDINATE_FALLBACK_DECIMALS)}`;
}

export const COPY_CONFIRMATION_MS = 3000;
export const HEADER_LOGO_MAX_WIDTH_PX = 160;
/** The logo's height in the public and admin headers (its width follows, up to the maximum). */
export const HEADER_LOGO_HEIGHT_PX = 40;
export const TOAST_MAX_WIDTH_PX = 420;
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = 'F8';

export const COMPANY_DEFAULT_COLOR = 'blue';
export const COMPANY_DEFAULT_ICON = 'bolt';

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;

/** Map centre before a device position is known (decision 0002 §13): Brasília at zoom 4. */
export const DEFAULT_MAP_CENTER = { lat: -15.7939, lon: -47.8828, zoom: 4 } as const;

/** Tracking link shape (decision 0002 §8): {origin}/track/{id}?t={token}. */
export function trackingUrl(origin: string, id: number, token?: string): string {
  const base = `${origin.replace(/\/$/, '')}/track/${id}`;
  return token ? `${base}?t=${encodeURIComponent(token)}` : base;
}

/** A completed request may be reopened from its tracking link this long after completion (issue 22). */
export const REOPEN_WINDOW_DAYS = 30;
/** The longest "still broken" note a citizen may send with a reopen. */
export const REOPEN_NOTE_MAX = 500;

/** A rating's scores, 1 (poor) to 5 (excellent) (issue 35, decision 0050). */
export const RATING_SCORES = [1, 2, 3, 4, 5] as const;
/** The longest comment a rating may carry (operators only see it). */
export const RATING_COMMENT_MAX = 500;
/** The tracking page's rating section: the completion e-mail's "rate the repair" link lands on it. */
export const RATING_ANCHOR = 'avaliacao';

/**
 * The completion e-mail's rating link: the tracking page with the rating token (`?r=`), which
 * proves the reader got the filer's e-mail and rates only (it shows no contact data).
 */
export function ratingUrl(origin: string, id: number, ratingToken: string): string {
  return `${trackingUrl(origin, id)}?r=${encodeURIComponent(ratingToken)}#${RATING_ANCHOR}`;
}
