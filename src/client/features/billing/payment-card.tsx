import { useId, useState } from 'react';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../ui/dialog';

const NO_CARD =
  'No card is on file, because no payment provider is connected to ESG Pilot here: nothing is charged from this page.';

/** Payment method: honest about there being none (never a sample card). */
export function PaymentCard() {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>Payment method</CardTitle>
        <CardDescription>{NO_CARD}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="outline" onClick={() => setOpen(true)}>
          Update payment
        </Button>
      </CardContent>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Update payment</DialogTitle>
            <DialogDescription>{NO_CARD}</DialogDescription>
          </DialogHeader>
          <p className="text-sm text-ink">
            There is no card to add or change. When you change plan, the change is recorded as a request and
            applied by our team, who arrange invoicing with you directly.
          </p>
          <DialogFooter>
            <Button onClick={() => setOpen(false)}>Close</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
