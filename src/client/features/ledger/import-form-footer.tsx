import { Button } from '../../ui/button';

/** The end of an import step's form: what is still missing, then import or cancel. */
export function ImportFormFooter({
  message,
  pending,
  label,
  onCancel,
}: {
  message: string | null;
  pending: boolean;
  label: string;
  onCancel: () => void;
}) {
  return (
    <>
      {message ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {message}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending}>
          {pending ? 'Importing...' : label}
        </Button>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </>
  );
}
