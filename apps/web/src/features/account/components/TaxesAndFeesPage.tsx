import type { TaxOrFeeDto } from '@admitone/shared';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@mantine/core';
import { IconPlus, IconReceiptTax } from '@tabler/icons-react';

import { AppModal } from '../../../components/AppModal';
import { DeleteDialog } from '../../../components/ConfirmDialog';
import { ListBody } from '../../../components/ListBody';
import { ListEmptyState } from '../../../components/ListEmptyState';
import { NoPermission } from '../../../components/NoPermission';
import { PageHeader } from '../../../components/PageHeader';
import { useCrudDialogs } from '../../../components/use-crud-dialogs';
import { usePageTitle } from '../../../lib/use-page-title';
import { useMe } from '../../users/api/me';
import { hasPermission } from '../../users/hooks/usePermission';
import { useDeleteTaxOrFee, useTaxesAndFees } from '../api/taxes';
import { TaxesAndFeesTable } from './TaxesAndFeesTable';
import { TaxOrFeeForm } from './TaxOrFeeForm';

function TaxesAndFees({ accountId, currency }: { accountId: number; currency: string }) {
  const { t } = useLingui();
  const list = useTaxesAndFees(accountId);
  const crud = useCrudDialogs<TaxOrFeeDto, { detached_ticket_count: number }>({
    remove: useDeleteTaxOrFee(accountId),
    deletedNotice: ({ name }, { detached_ticket_count: count }) => {
      const detached = plural(count, { one: 'It was removed from # ticket.', other: 'It was removed from # tickets.' });
      return count ? t`${name} deleted. ${detached}` : t`${name} deleted.`;
    },
  });
  const deletingName = crud.shownDeleting?.name ?? '';
  const addButton = (
    <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={crud.create}>
      <Trans>Add tax or fee</Trans>
    </Button>
  );

  return (
    <>
      <PageHeader
        title={<Trans>Taxes and fees</Trans>}
        description={<Trans>Charges you can add to tickets, on top of their price.</Trans>}
        actions={list.data?.length ? addButton : null}
      />
      <ListBody
        queries={[list]}
        empty={(items) =>
          !items.length && (
            <ListEmptyState
              icon={IconReceiptTax}
              title={t`No taxes or fees yet`}
              description={t`Add sales tax, VAT or a booking fee once, then choose it on any ticket.`}
            >
              {addButton}
            </ListEmptyState>
          )
        }
      >
        {(items) => <TaxesAndFeesTable items={items} onEdit={crud.edit} onDelete={crud.askDelete} />}
      </ListBody>
      <AppModal
        {...crud.formDialog}
        title={crud.isNew ? <Trans>Add tax or fee</Trans> : <Trans>Edit tax or fee</Trans>}
      >
        <TaxOrFeeForm
          key={crud.item?.id ?? 'new'}
          accountId={accountId}
          currency={currency}
          taxOrFee={crud.item}
          onDone={crud.close}
        />
      </AppModal>
      <DeleteDialog
        crud={crud}
        title={<Trans>Delete tax or fee</Trans>}
        message={
          <Trans>
            Delete {deletingName}? Tickets that use it will no longer charge it. Orders already placed keep their
            amounts.
          </Trans>
        }
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
