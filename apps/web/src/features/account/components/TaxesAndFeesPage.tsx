import '@mantine/core/styles/EmptyState.css';
import type { TaxOrFeeDto } from '@admitone/shared';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, EmptyState } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconReceiptTax } from '@tabler/icons-react';
import { useState } from 'react';
import { AppModal } from '../../../components/AppModal';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { SectionLoader } from '../../../components/FullPageLoader';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { NoPermission } from '../../../components/NoPermission';
import { PageHeader } from '../../../components/PageHeader';
import { useLastValue } from '../../../lib/use-last-value';
import { usePageTitle } from '../../../lib/use-page-title';
import { useMe } from '../../users/api/me';
import { hasPermission } from '../../users/hooks/usePermission';
import { useDeleteTaxOrFee, useTaxesAndFees } from '../api/taxes';
import { TaxesAndFeesTable } from './TaxesAndFeesTable';
import { TaxOrFeeForm } from './TaxOrFeeForm';

/** Editing state: closed, a new one, or an existing one. */
type Editing = null | 'new' | TaxOrFeeDto;

function TaxesAndFees({ accountId, currency }: { accountId: number; currency: string }) {
  const { t } = useLingui();
  const list = useTaxesAndFees(accountId);
  const remove = useDeleteTaxOrFee(accountId);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<TaxOrFeeDto | null>(null);
  const deletingName = useLastValue(deleting)?.name ?? '';
  const addButton = (
    <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing('new')}>
      <Trans>Add tax or fee</Trans>
    </Button>
  );

  const confirmDelete = () => {
    if (!deleting) return;
    const name = deleting.name;
    remove.mutate(deleting.id, {
      onSuccess: ({ detached_ticket_count: count }) => {
        setDeleting(null);
        const detached = plural(count, { one: 'It was removed from # ticket.', other: 'It was removed from # tickets.' });
        notifications.show({ color: 'teal', message: count ? t`${name} deleted. ${detached}` : t`${name} deleted.` });
      },
    });
  };

  return (
    <>
      <PageHeader
        title={<Trans>Taxes and fees</Trans>}
        description={<Trans>Charges you can add to tickets, on top of their price.</Trans>}
        actions={list.data?.length ? addButton : null}
      />
      {list.isPending ? (
        <SectionLoader />
      ) : list.isError ? (
        <FormErrorAlert error={list.error} />
      ) : list.data.length ? (
        <TaxesAndFeesTable items={list.data} onEdit={setEditing} onDelete={setDeleting} />
      ) : (
        <Card withBorder radius="md" py="xl">
          <EmptyState
            icon={<IconReceiptTax size={28} aria-hidden />}
            variant="light"
            title={t`No taxes or fees yet`}
            description={t`Add sales tax, VAT or a booking fee once, then choose it on any ticket.`}
          >
            <EmptyState.Actions>{addButton}</EmptyState.Actions>
          </EmptyState>
        </Card>
      )}
      <AppModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? <Trans>Add tax or fee</Trans> : <Trans>Edit tax or fee</Trans>}
      >
        <TaxOrFeeForm
          key={editing && editing !== 'new' ? editing.id : 'new'}
          accountId={accountId}
          currency={currency}
          taxOrFee={editing && editing !== 'new' ? editing : undefined}
          onDone={() => setEditing(null)}
        />
      </AppModal>
      <ConfirmDialog
        opened={deleting !== null}
        title={<Trans>Delete tax or fee</Trans>}
        message={
          <Trans>
            Delete {deletingName}? Tickets that use it will no longer charge it. Orders already placed keep their amounts.
          </Trans>
        }
        confirmLabel={<Trans>Delete</Trans>}
        danger
        loading={remove.isPending}
        error={remove.error}
        onConfirm={confirmDelete}
        onClose={() => {
          setDeleting(null);
          remove.reset();
        }}
      />
    </>
  );
}

/** `/account/taxes-and-fees` */
export function TaxesAndFeesPage() {
  const { t } = useLingui();
  usePageTitle(t`Taxes and fees`);
  const me = useMe();
  if (!me.data || !hasPermission(me.data, 'taxes.manage')) return <NoPermission />;
  return <TaxesAndFees accountId={me.data.account.id} currency={me.data.account.currency} />;
}
