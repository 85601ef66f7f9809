// The crew of a field crew account (decision 0068): the active crews grouped by company, and
// the account's own crew even when switched off, so it stays shown and may be kept.
import type { Crew } from '@acende/shared/schemas/work-orders';
import { SelectField } from '../../../components/ui/field.tsx';
import type { BoundField } from '../../../components/ui/form-binding.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useCrewChoices } from '../api/get-crews.ts';

/** Crews to offer, by company then name: the active ones and `keptId`. */
export function crewGroups(crews: Crew[], keptId: number | null): { company: string; crews: Crew[] }[] {
  const offered = crews
    .filter((crew) => crew.active || crew.id === keptId)
    .sort((a, b) => a.companyName.localeCompare(b.companyName, 'pt') || a.name.localeCompare(b.name, 'pt'));
  const groups: { company: string; crews: Crew[] }[] = [];
  for (const crew of offered) {
    const last = groups.at(-1);
    if (last?.company === crew.companyName) last.crews.push(crew);
    else groups.push({ company: crew.companyName, crews: [crew] });
  }
  return groups;
}

export function CrewPicker({ field, keptId }: { field: BoundField; keptId: number | null }) {
  const { t } = useTranslation();
  const crews = useCrewChoices();
  const groups = crewGroups(crews.data ?? [], keptId);
  const loadError = crews.isError ? t('admin-access.users.form.crewsError') : undefined;
  const none = crews.isSuccess && groups.length === 0 ? t('admin-access.users.form.noCrews') : undefined;
  // Drawn once the crews are here: the select then shows the account's crew from the start.
  if (crews.isPending) return <Spinner />;
  return (
    <SelectField
      label={t('admin-access.users.form.crew')}
      hint={none ?? t('admin-access.users.form.crewHint')}
      required
      empty={t('admin-access.users.form.chooseCrew')}
      {...field}
      error={field.error ?? loadError}
    >
      {groups.map((group) => (
        <optgroup key={group.company} label={group.company}>
          {group.crews.map((crew) => (
            <option key={crew.id} value={String(crew.id)}>
              {crew.active
                ? `${crew.name} (${crew.companyName})`
                : `${crew.name} (${crew.companyName}) ${t('admin-access.users.form.inactiveCrew')}`}
            </option>
          ))}
        </optgroup>
      ))}
    </SelectField>
  );
}
