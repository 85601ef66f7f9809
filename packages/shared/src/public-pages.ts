// The public notices' names, paths and paragraphs, without zod: the public footer and the
// notice page import these (schemas/public-pages.ts holds the payloads).
import type { PUBLIC_PAGE_PATHS } from './page-routes.ts';

export const PUBLIC_PAGES = ['privacy', 'accessibility'] as const;
export type PublicPage = (typeof PUBLIC_PAGES)[number];

/** Paths of the two notices (page-routes.ts lists them among the public pages). */
export const NOTICE_PATH = { privacy: '/privacy', accessibility: '/accessibility' } as const satisfies Record<
  PublicPage,
  (typeof PUBLIC_PAGE_PATHS)[number]
>;

/** The transparency page's address, the same in both languages (issue 25; linked from the footer). */
export const TRANSPARENCY_PATH = '/transparencia' satisfies (typeof PUBLIC_PAGE_PATHS)[number];

/** A notice's paragraphs: split by blank lines, each kept as text (its single line breaks too). */
export function paragraphs(text: string): string[] {
  return text
    .split(/\n[ \t]*\n/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}
