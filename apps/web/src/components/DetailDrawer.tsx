import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Skeleton.css';

import { useLingui } from '@lingui/react/macro';
import { Alert, Drawer, type MantineSize, Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

import { hasStatus } from '../lib/api-error';
import { PanelHeader } from './AppModal';
import { FormErrorAlert } from './FormErrorAlert';

interface DetailDrawerProps<D> {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  size: MantineSize;
  /** The item's query. */
  query: { isPending: boolean; isError: boolean; error: unknown; data: D | undefined };
  /** Heights of the skeleton blocks shown (under a heading's) while it loads. */
  skeleton: number[];
  /** Said when the item does not exist (404). */
  notFound: ReactNode;
  /** The detail, once loaded. */
  children: (item: D) => ReactNode;
}

/** One item's detail in a drawer beside its list: skeletons while it loads, why not when it cannot. */
export function DetailDrawer<D>({
  opened,
  onClose,
  title,
  size,
  query,
  skeleton,
  notFound,
  children,
}: DetailDrawerProps<D>) {
  const { t } = useLingui();
  let body: ReactNode;
  if (query.isPending) {
    body = (
      <Stack gap="md" role="status" aria-label={t`Loading…`}>
        <Skeleton height={28} width="50%" />
        {skeleton.map((height, i) => (
          <Skeleton key={i} height={height} />
        ))}
      </Stack>
    );
  } else if (query.isError && hasStatus(query.error, 404)) {
    body = (
      <Alert color="red" variant="light" role="alert">
        {notFound}
      </Alert>
    );
  } else if (query.isError) body = <FormErrorAlert error={query.error} />;
  else body = children(query.data as D);
  return (
    <Drawer.Root opened={opened} onClose={onClose} position="right" size={size}>
      <Drawer.Overlay />
      <Drawer.Content>
        <PanelHeader of={Drawer} title={title} />
        <Drawer.Body>{body}</Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
