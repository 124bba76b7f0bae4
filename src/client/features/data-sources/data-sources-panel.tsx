import { useState } from 'react';
import { useCan } from '../../lib/permissions';
import { Button } from '../../ui/button';
import { DeferredDialog, loadOnce } from '../../ui/deferred-control';
import { PermissionNote } from '../../ui/permission-note';
import { AutoMappedFieldsCard, IntegrationHelpCard } from './info-cards';
import { SourcesList } from './sources-list';
import { useConnectOutcome } from './use-connect-outcome';

// The dialogs' code, with Radix Dialog's focus trap, loads the first time each opens (decision 070).
const loadConnectDialog = loadOnce(() => import('./connect-dialog').then((module) => module.ConnectDialog));
const loadReceiptDialog = loadOnce(() => import('./receipt-dialog').then((module) => module.ReceiptDialog));

/** The top of the Data Sources screen (spec §2): actions, connected sources and the two help cards. */
export function DataSourcesPanel() {
  const [connectOpen, setConnectOpen] = useState(false);
  const [receiptOpen, setReceiptOpen] = useState(false);
  const canScan = useCan('receipts.scan');
  const canManage = useCan('sources.manage');
  useConnectOutcome();

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center gap-2 sm:justify-end">
        <PermissionNote action="sources.manage" />
        {canScan ? (
          <Button variant="outline" onClick={() => setReceiptOpen(true)}>
            Upload Receipt
          </Button>
        ) : null}
        {canManage ? <Button onClick={() => setConnectOpen(true)}>Connect New Source</Button> : null}
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <SourcesList onConnect={() => setConnectOpen(true)} />
        </div>
        <AutoMappedFieldsCard />
      </div>
      <IntegrationHelpCard />
      {canManage ? (
        <DeferredDialog load={loadConnectDialog} open={connectOpen} onOpenChange={setConnectOpen} />
      ) : null}
      {canScan ? (
        <DeferredDialog load={loadReceiptDialog} open={receiptOpen} onOpenChange={setReceiptOpen} />
      ) : null}
    </div>
  );
}
