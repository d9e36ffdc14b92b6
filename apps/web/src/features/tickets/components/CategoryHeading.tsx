import type { ProductCategoryDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

import { HtmlContent } from '../../../components/HtmlContent';
import { type SortableRowActions, SortableRowMenu } from '../../../components/SortableRowMenu';

/** A category's name as organizers read it: the default name in their language until it is named. */
export function useCategoryName() {
  const { t } = useLingui();
  return (category: Pick<ProductCategoryDto, 'name'>) => category.name ?? t`Tickets`;
}

/** The heading of a category on the tickets screen: name, badges, description, and its actions. */
export function CategoryHeading({
  category,
  children,
  ...actions
}: SortableRowActions & { category: ProductCategoryDto; children?: ReactNode }) {
  const { t } = useLingui();
  const name = useCategoryName()(category);
  return (
    <Stack gap={4} pt="sm" data-testid="category-heading">
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <Group gap="xs">
          <Title order={2} size="h4">
            {name}
          </Title>
          {category.is_hidden ? (
            <Badge color="gray" variant="light">
              <Trans>Hidden</Trans>
            </Badge>
          ) : null}
          {category.starts_collapsed ? (
            <Badge color="grape" variant="light">
              <Trans>Starts collapsed</Trans>
            </Badge>
          ) : null}
        </Group>
        <SortableRowMenu label={t`Actions for category ${name}`} {...actions}>
          {children}
        </SortableRowMenu>
      </Group>
      {category.description ? (
        <Text component="div" size="sm" c="dimmed">
          <HtmlContent html={category.description} />
        </Text>
      ) : null}
      {category.ticket_ids.length ? null : (
        <Text size="sm" c="dimmed">
          <Trans>Nothing here yet: drag a ticket below this heading, or choose this category in a ticket's form.</Trans>
        </Text>
      )}
    </Stack>
  );
}
