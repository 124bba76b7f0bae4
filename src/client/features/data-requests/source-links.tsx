/** The published sources behind a rule or a method, as a comma-separated list of links. */
export function SourceLinks({ sources }: { sources: readonly { url: string; title: string }[] }) {
  return sources.map((source, index) => (
    <span key={source.url}>
      {index > 0 ? ', ' : ''}
      <a href={source.url} className="text-brand-700 underline underline-offset-2" rel="noreferrer">
        {source.title}
      </a>
    </span>
  ));
}
