import type { CheckInListDto } from '@admitone/shared';
import { useLingui } from '@lingui/react/macro';

/** A list's name as the reader sees it: the default name ("All tickets") in their language until it is named. */
export function useListName() {
  const { t } = useLingui();
  return (list: Pick<CheckInListDto, 'name'>) => list.name ?? t`All tickets`;
}
