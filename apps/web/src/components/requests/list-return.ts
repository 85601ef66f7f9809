// Where a request's page returns to: the list it was opened from, with that list's filters,
// order and page (its URL, passed as the link's state), else the whole list.
export interface ListReturnState {
  list: string;
}

/** The link state that remembers the list at `pathname` + `search`. */
export function listReturnState(pathname: string, search: string): ListReturnState {
  return { list: `${pathname}${search}` };
}

/** The list to go back to; only an admin list page of this site, never another address. */
export function listReturnPath(state: unknown): string {
  const list = (state as Partial<ListReturnState> | null)?.list;
  if (typeof list === 'string' && /^\/admin\/(requests|user-requests)(\?|$)/.test(list)) return list;
  return '/admin/requests';
}
