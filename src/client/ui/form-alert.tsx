/**
 * An error message in an always-present `role="alert"` region, so screen readers announce it when
 * it appears; empty (and hidden) while there is none.
 */
export function FormAlert({ message }: { message: string | null | undefined }) {
  return (
    <div role="alert" className="empty:hidden">
      {message ? (
        <p className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">{message}</p>
      ) : null}
    </div>
  );
}
