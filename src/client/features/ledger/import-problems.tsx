import type { ImportProblemGroup } from '../../../domain/contracts/ledger-import';

/** One line per distinct problem of a file, with its rows and what to do (decision 049). */
export function ImportProblems({ groups }: { groups: readonly ImportProblemGroup[] }) {
  return (
    <ul className="grid gap-2" aria-label="Problems to fix">
      {groups.map((group) => (
        <li key={group.message} className="grid gap-0.5 rounded border border-red-200 bg-surface p-2">
          <span className="font-medium text-ink">
            {group.rows[0]?.toUpperCase()}
            {group.rows.slice(1)}: {group.message}
          </span>
          <span className="text-slate-800">{group.fix}</span>
        </li>
      ))}
    </ul>
  );
}
