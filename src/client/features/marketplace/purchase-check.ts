import { type PurchaseRequest, PurchaseRequestSchema } from '../../../domain/contracts/marketplace';
import { type FormCheck, issuesToErrors } from '../../forms/checked-form-schema';
import { parseQuantity } from './marketplace';

/** What the purchase dialog holds: the quantity as typed and the claim year ('' for the reporting year). */
export interface PurchaseValues {
  quantity: string;
  claimYear: string;
}

/**
 * The dialog's check (decision 071): the quantity as spec §5 reads it (non-numeric counts as 1),
 * then the contract, so the dialog refuses what the server would, on the quantity or the year.
 * An unchosen year is left out: the server then claims against the reporting year (decision 053).
 */
export function purchaseCheck(projectId: string): FormCheck<PurchaseValues, PurchaseRequest> {
  return (values) => {
    const request = {
      projectId,
      quantity: parseQuantity(values.quantity),
      ...(values.claimYear ? { claimYear: Number(values.claimYear) } : {}),
    };
    const parsed = PurchaseRequestSchema.safeParse(request);
    return parsed.success
      ? { ok: true, payload: parsed.data }
      : { ok: false, errors: issuesToErrors(parsed.error.issues) };
  };
}
