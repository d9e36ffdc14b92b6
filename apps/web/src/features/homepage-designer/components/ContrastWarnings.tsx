import '@mantine/core/styles/List.css';

import type { EventColors } from '@admitone/shared';
import { formatDecimal } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, List } from '@mantine/core';
import { IconContrast } from '@tabler/icons-react';

import { contrastRatio, failsAA } from '../contrast';

/** Lists colour pairs below the WCAG AA contrast of 4.5:1, so text stays readable for everyone. */
export function ContrastWarnings({ colors }: { colors: EventColors }) {
  const { t, i18n } = useLingui();
  const pairs = [
    { label: t`Text on the content background`, ratio: contrastRatio(colors.text, colors.content_background) },
    {
      label: t`Text on the ticket widget background`,
      ratio: contrastRatio(colors.text, colors.ticket_widget_background),
    },
    { label: t`Links on the content background`, ratio: contrastRatio(colors.link, colors.content_background) },
    { label: t`Button text on the button`, ratio: contrastRatio(colors.primary_text, colors.primary) },
  ].filter((p) => failsAA(p.ratio));
  if (!pairs.length) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconContrast size={18} aria-hidden />}
      title={t`Some colors are hard to read`}
    >
      <Trans>These pairs have less than the 4.5:1 contrast that WCAG AA asks for:</Trans>
      <List size="sm" mt={4}>
        {pairs.map((p) => {
          const { label } = p;
          const ratio = formatDecimal(p.ratio!, i18n.locale);
          return <List.Item key={label}>{t`${label}: ${ratio}:1`}</List.Item>;
        })}
      </List>
    </Alert>
  );
}
