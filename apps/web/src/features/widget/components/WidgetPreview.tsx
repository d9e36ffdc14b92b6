import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';

import { SettingsSection } from '../../../components/SettingsSection';
import { type WidgetOptions, widgetUrl } from '../widget-snippet';

/** The real widget in an iframe, resized to its content like widget.js does on the organizer's site. */
export function WidgetPreview({ eventId, options, title }: { eventId: number; options: WidgetOptions; title: string }) {
  const { t } = useLingui();
  const ref = useRef<HTMLIFrameElement>(null);
  const src = widgetUrl(window.location.origin, eventId, options);

  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      const frame = ref.current;
      const data = e.data as { type?: string; height?: number } | null;
      if (
        !frame ||
        e.origin !== window.location.origin ||
        e.source !== frame.contentWindow ||
        data?.type !== 'admitone:resize'
      )
        return;
      if (typeof data.height === 'number' && data.height > 0) frame.style.height = `${Math.ceil(data.height)}px`;
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  return (
    <SettingsSection
      title={<Trans>Preview</Trans>}
      description={<Trans>Reservations made here are real; they expire if not completed.</Trans>}
    >
      <iframe
        ref={ref}
        src={src}
        title={t`Ticket widget preview for ${title}`}
        style={{
          display: 'block',
          width: '100%',
          height: 400,
          border: '1px solid var(--mantine-color-gray-3)',
          borderRadius: 8,
        }}
      />
      <Text size="sm" mt="xs">
        <Anchor href={src} target="_blank" rel="noopener">
          <Trans>Open the widget in a new tab</Trans>
        </Anchor>
      </Text>
    </SettingsSection>
  );
}
