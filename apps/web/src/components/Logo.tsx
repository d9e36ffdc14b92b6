import { Group, Image, Text } from '@mantine/core';

interface LogoProps {
  /** Image height in pixels. */
  size?: number;
  /** Shows the product name beside the mark. */
  withName?: boolean;
  /** Alternative text of the image; empty when the name is shown beside it. */
  alt?: string;
}

/** The AdmitOne mark (public/logo.svg), optionally with the product name. */
export function Logo({ size = 32, withName = false, alt }: LogoProps) {
  const image = <Image src="/logo.svg" alt={alt ?? (withName ? '' : 'AdmitOne')} h={size} w={size} fit="contain" />;
  if (!withName) return image;
  return (
    <Group gap={8} wrap="nowrap">
      {image}
      <Text component="span" fw={700} fz={size * 0.6} c="violet.8" lh={1}>
        AdmitOne
      </Text>
    </Group>
  );
}
