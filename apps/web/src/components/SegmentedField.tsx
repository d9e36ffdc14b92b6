import '@mantine/core/styles/SegmentedControl.css';

import { Input, SegmentedControl, type SegmentedControlProps } from '@mantine/core';

interface SegmentedFieldProps extends SegmentedControlProps {
  label: string;
}

/** A labelled choice of a few options side by side (a form field, unlike a bare SegmentedControl). */
export function SegmentedField({ label, ...props }: SegmentedFieldProps) {
  return (
    <Input.Wrapper label={label} labelElement="div">
      <SegmentedControl mt={4} fullWidth aria-label={label} {...props} />
    </Input.Wrapper>
  );
}
