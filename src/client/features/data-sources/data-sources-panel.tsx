import { useState } from 'react';
import { Button } from '../../ui/button';
import { ConnectDialog } from './connect-dialog';
import { AutoMappedFieldsCard, IntegrationHelpCard } from './info-cards';
import { ReceiptDialog } from './receipt-dialog';
import { SourcesList } from './sources-list';
import { useConnectOutcome } from './use-connect-outcome';

/** The top of the Data Sources screen (spec §2): actions, connected sources and the two help cards. */
export function DataSourcesPanel() {
  const [connectOpen, setConnectOpen] = useState(false);
  const [receiptOpen, setReceiptOpen] = useState(false);
  useConnectOutcome();

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap gap-2 sm:justify-end">
        <Button variant="outline" onClick={() => setReceiptOpen(true)}>
          Upload Receipt
        </Button>
        <Button onClick={() => setConnectOpen(true)}>Connect New Source</Button>
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <SourcesList onConnect={() => setConnectOpen(true)} />
        </div>
        <AutoMappedFieldsCard />
      </div>
      <IntegrationHelpCard />
      <ConnectDialog open={connectOpen} onOpenChange={setConnectOpen} />
      <ReceiptDialog open={receiptOpen} onOpenChange={setReceiptOpen} />
    </div>
  );
}
