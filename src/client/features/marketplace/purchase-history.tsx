import { useState } from 'react';
import type { OffsetPurchase } from '../../../domain/contracts/marketplace';
import { getErrorBody, getErrorMessage, isUnauthorizedError } from '../../lib/api';
import { useCan } from '../../lib/permissions';
import { toastError, toastSuccess } from '../../stores/toasts';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Skeleton } from '../../ui/skeleton';
import { Table, TableCell, TableHeaderCell } from '../../ui/table';
import { usePurchases, useRetirePurchase } from './api';
import { formatCount, formatDate, formatPrice, formatPricePerTonne } from './marketplace';

const STATUS: Record<OffsetPurchase['status'], { label: string; tone: 'warning' | 'success' }> = {
  ordered: { label: 'Ordered', tone: 'warning' },
  retired: { label: 'Retired', tone: 'success' },
};

const COLUMNS = [
  'Date',
  'Project',
  'Quantity',
  'Price',
  'Total',
  'Serial block',
  'Vintage',
  'Invoice reference',
  'Status',
  'Certificate',
];

function PurchaseRow({
  purchase,
  onRetire,
}: {
  purchase: OffsetPurchase;
  /** Set for admins only: the server refuses anyone else (403), so others never see the button. */
  onRetire?: (purchase: OffsetPurchase) => void;
}) {
  const status = STATUS[purchase.status];
  return (
    <tr>
      <TableCell className="whitespace-nowrap">{formatDate(purchase.createdAt)}</TableCell>
      <TableCell className="min-w-48">
        <span className="font-medium">{purchase.projectName}</span>
        <span className="block text-xs text-muted">{purchase.registry}</span>
      </TableCell>
      <TableCell className="whitespace-nowrap tabular-nums">{formatCount(purchase.quantity)} tCO2e</TableCell>
      <TableCell className="whitespace-nowrap tabular-nums">
        {formatPricePerTonne(purchase.pricePerTon)}
      </TableCell>
      <TableCell className="whitespace-nowrap tabular-nums">{formatPrice(purchase.total)}</TableCell>
      <TableCell className="min-w-44 font-mono text-xs">
        <span className="block">{purchase.serialStart}</span>
        <span className="block">to {purchase.serialEnd}</span>
      </TableCell>
      <TableCell className="tabular-nums">{purchase.vintageYear}</TableCell>
      <TableCell className="whitespace-nowrap font-mono text-xs">{purchase.invoiceReference}</TableCell>
      <TableCell className="whitespace-nowrap">
        <div className="grid justify-items-start gap-1.5">
          <Badge tone={status.tone}>{status.label}</Badge>
          {purchase.status === 'retired' && purchase.retiredAt ? (
            <span className="text-xs text-muted">on {formatDate(purchase.retiredAt)}</span>
          ) : null}
          {purchase.status === 'ordered' && onRetire ? (
            <Button variant="outline" size="sm" onClick={() => onRetire(purchase)}>
              Mark as retired
              <span className="sr-only"> for order {purchase.invoiceReference}</span>
            </Button>
          ) : null}
        </div>
      </TableCell>
      <TableCell className="whitespace-nowrap">
        <a
          href={purchase.certificateUrl}
          download
          className="text-sm font-medium text-brand-700 underline underline-offset-4"
        >
          Certificate (PDF)
          <span className="sr-only"> for order {purchase.invoiceReference}</span>
        </a>
      </TableCell>
    </tr>
  );
}

const RETIRE_FALLBACK = "Couldn't mark these credits as retired. Please try again.";

function RetireDialog({ purchase, onClose }: { purchase: OffsetPurchase | null; onClose: () => void }) {
  const retire = useRetirePurchase();
  const confirm = () => {
    if (!purchase) return;
    retire.mutate(purchase.transactionId, {
      onSuccess: () => {
        toastSuccess(`Order ${purchase.invoiceReference} is recorded as retired.`, 'Credits retired');
        onClose();
      },
      onError: (error) => {
        onClose();
        if (isUnauthorizedError(error)) return;
        const message = getErrorBody(error)?.message;
        toastError(typeof message === 'string' && message.trim() ? message : RETIRE_FALLBACK);
      },
    });
  };
  return (
    <ConfirmDialog
      open={purchase !== null}
      onOpenChange={(open) => {
        if (!open && !retire.isPending) onClose();
      }}
      title="Mark these credits as retired?"
      description={
        purchase
          ? `This records that invoice ${purchase.invoiceReference} was paid and that the registry retirement of the ${formatCount(purchase.quantity)} credits ${purchase.serialStart} to ${purchase.serialEnd} is complete. The certificate then becomes a retirement certificate. Do this only once both are done: it cannot be undone.`
          : ''
      }
      confirmLabel="Mark as retired"
      pendingLabel="Saving..."
      pending={retire.isPending}
      onConfirm={confirm}
    />
  );
}

function HistoryBody() {
  const purchases = usePurchases();
  const canRetire = useCan('offsets.retire');
  const [pendingRetire, setPendingRetire] = useState<OffsetPurchase | null>(null);
  if (purchases.isError && !purchases.data) {
    return (
      <div role="alert" className="grid justify-items-start gap-2 text-sm">
        <p className="font-medium text-ink">Couldn't load your purchases.</p>
        <p className="text-muted">{getErrorMessage(purchases.error)}</p>
        <Button variant="outline" size="sm" onClick={() => purchases.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  if (!purchases.data) {
    return (
      <div aria-busy="true" className="grid gap-2">
        <p className="sr-only" role="status">
          Loading your purchases
        </p>
        <Skeleton className="h-8 w-full" />
        <Skeleton className="h-8 w-full" />
      </div>
    );
  }
  if (purchases.data.length === 0) {
    return <p className="text-sm text-muted">You haven't bought any carbon credits yet.</p>;
  }
  return (
    <>
      <Table label="Orders, newest first">
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <TableHeaderCell key={column} scope="col" className="whitespace-nowrap">
                {column}
              </TableHeaderCell>
            ))}
          </tr>
        </thead>
        <tbody>
          {purchases.data.map((purchase) => (
            <PurchaseRow
              key={purchase.transactionId}
              purchase={purchase}
              onRetire={canRetire ? setPendingRetire : undefined}
            />
          ))}
        </tbody>
      </Table>
      {canRetire ? <RetireDialog purchase={pendingRetire} onClose={() => setPendingRetire(null)} /> : null}
    </>
  );
}

/**
 * Orders, newest first, each with its serial block, invoice reference and certificate. Admins mark
 * an order retired once its invoice is paid and the registry retirement is done.
 */
export function PurchaseHistory() {
  return (
    <Card aria-labelledby="purchase-history-title">
      <CardHeader>
        <CardTitle id="purchase-history-title">Purchase history</CardTitle>
        <CardDescription>
          Each order carries an invoice reference to pay and the serial numbers of the credits it covers.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <HistoryBody />
      </CardContent>
    </Card>
  );
}
