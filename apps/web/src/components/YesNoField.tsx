import { useLingui } from '@lingui/react/macro';
import { Group, Radio } from '@mantine/core';
import type { ReactNode } from 'react';

/** A yes-or-no question: two radio buttons (answers 'yes' and 'no'). */
export function YesNoField({
  common,
  value,
  onChange,
}: {
  common: { label: ReactNode; description?: ReactNode; required: boolean; error?: string };
  value: string | null;
  onChange: (v: string) => void;
}) {
  const { t } = useLingui();
  return (
    <Radio.Group {...common} value={value} onChange={onChange}>
      <Group gap="lg" mt={6}>
        <Radio value="yes" label={t`Yes`} />
        <Radio value="no" label={t`No`} />
      </Group>
    </Radio.Group>
  );
}
