import { useLingui } from '@lingui/react/macro';
import { Center, Loader } from '@mantine/core';

/** A centred spinner filling the viewport, used while a page decides where to go. */
export function FullPageLoader() {
  const { t } = useLingui();
  return (
    <Center h="100vh" w="100%" role="status" aria-live="polite">
      <Loader role="progressbar" aria-label={t`Loading…`} />
    </Center>
  );
}

/** A centred spinner inside a page area. */
export function SectionLoader() {
  const { t } = useLingui();
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Loader role="progressbar" aria-label={t`Loading…`} />
    </Center>
  );
}
