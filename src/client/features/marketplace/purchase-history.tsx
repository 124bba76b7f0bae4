import type { OffsetPurchase } from '../../../domain/contracts/marketplace';
import { getErrorMessage } from '../../lib/api';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Skeleton } from '../../ui/skeleton';
import { Table, TableCell, TableHeaderCell } from '../../ui/table';
import { usePurchases } from './api';
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

function PurchaseRow({ purchase }: { purchase: OffsetPurchase }) {
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
      <TableCell>
        <Badge tone={status.tone}>{status.label}</Badge>
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

function HistoryBody() {
  const purchases = usePurchases();
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
          <PurchaseRow key={purchase.transactionId} purchase={purchase} />
        ))}
      </tbody>
    </Table>
  );
}

/** Orders, newest first, each with its serial block, invoice reference and retirement certificate. */
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
