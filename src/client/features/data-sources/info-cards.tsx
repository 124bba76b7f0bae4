import { Badge } from '../../ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { SourceIcon } from './source-icon';

/** spec §2 'Auto-Mapped ESG Fields': where each headline figure comes from, today and later. */
const MAPPED_FIELDS = [
  {
    field: 'Total Revenue',
    text: 'Read from Shopify orders and Odoo customer invoices at each sync; enter it on the KPI Dashboard for your ratios.',
  },
  {
    field: 'Employee Count',
    text: 'From payroll or HR figures; enter headcount on the KPI Dashboard.',
  },
  {
    field: 'Energy Consumption',
    text: 'Summed from electricity, gas, fuel and heat lines in the activity ledger, in MWh.',
  },
  {
    field: 'Carbon Emissions',
    text: 'Calculated from every ledger line with a published emission factor, by scope.',
  },
];

export function AutoMappedFieldsCard() {
  return (
    <Card aria-labelledby="mapped-fields-title">
      <CardHeader>
        <CardTitle id="mapped-fields-title">Auto-Mapped ESG Fields</CardTitle>
        <CardDescription>The figures your sources fill in for your report.</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3">
          {MAPPED_FIELDS.map((item) => (
            <div key={item.field} className="grid gap-0.5">
              <dt className="text-sm font-medium text-ink">{item.field}</dt>
              <dd className="text-sm text-muted">{item.text}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

const HELP_TILES = [
  {
    type: 'quickbooks',
    name: 'QuickBooks',
    text: 'Spend by supplier and revenue from QuickBooks Online.',
    ready: true,
  },
  { type: 'xero', name: 'Xero', text: 'Spend by account and revenue from Xero.', ready: true },
  {
    type: 'shopify',
    name: 'Shopify',
    text: "Shipping charges as spend-based freight estimates, and revenue, from your store's orders (authorised on Shopify).",
    ready: true,
  },
  {
    type: 'odoo',
    name: 'Odoo',
    text: 'Vendor bills (spend-based, per account) and revenue from Odoo ERP with an API key.',
    ready: true,
  },
  {
    type: 'receipt_ocr',
    name: 'Receipt OCR',
    text: 'Fuel receipts, energy bills and hotel bills read with text recognition: Upload Receipt.',
    ready: true,
  },
  {
    type: 'csv',
    name: 'CSV',
    text: 'Any activity data in our template: energy, fuel, travel, waste, water.',
    ready: true,
  },
] as const;

export function IntegrationHelpCard() {
  return (
    <Card aria-labelledby="integration-help-title">
      <CardHeader>
        <CardTitle id="integration-help-title">Integration Help</CardTitle>
        <CardDescription>What each source brings in, and which ones you can use today.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {HELP_TILES.map((tile) => (
            <li key={tile.type} className="flex gap-3 rounded-md border border-border p-4">
              <SourceIcon type={tile.type} />
              <div className="grid gap-1">
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="text-sm font-semibold text-ink">{tile.name}</h3>
                  <Badge tone={tile.ready ? 'success' : 'neutral'}>
                    {tile.ready ? 'Available' : 'Coming later'}
                  </Badge>
                </div>
                <p className="text-sm text-muted">{tile.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
