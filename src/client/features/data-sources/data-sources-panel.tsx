import { useState } from 'react';
import { useCan } from '../../lib/permissions';
import { Button } from '../../ui/button';
import { PermissionNote } from '../../ui/permission-note';
import { ConnectDialog } from './connect-dialog';
import { AutoMappedFieldsCard, IntegrationHelpCard } from './info-cards';
import { ReceiptDialog } from './receipt-dialog';
import { SourcesList } from './sources-list';
import { useConnectOutcome } from './use-connect-outcome';

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
      {canManage ? <ConnectDialog open={connectOpen} onOpenChange={setConnectOpen} /> : null}
      {canScan ? <ReceiptDialog open={receiptOpen} onOpenChange={setReceiptOpen} /> : null}
    </div>
  );
}
