import type { QuestionType } from '@admitone/shared';
import { useLingui } from '@lingui/react/macro';

/** The name of an answer type in the reader's language. */
export function useQuestionTypeLabel() {
  const { t } = useLingui();
  return (type: QuestionType) =>
    ({
      SINGLE_LINE_TEXT: t`Single-line text`,
      MULTI_LINE_TEXT: t`Multi-line text`,
      DROPDOWN: t`Dropdown`,
      RADIO: t`Radio buttons`,
      CHECKBOX: t`Checkboxes`,
      DATE: t`Date`,
      PHONE: t`Phone number`,
      NUMBER: t`Number`,
      YES_NO: t`Yes or no`,
      ADDRESS: t`Address`,
      FILE: t`File upload`,
    })[type];
}
